import { describe, expect, it } from "vitest";
import { signInPath } from "./require-user";

describe("[AUTH] signInPath sends a signed-out visitor to sign-in and back to the page they asked for", () => {
  it.each([
    ["/learn/lessons/5c0f", "/sign-in?next=%2Flearn%2Flessons%2F5c0f"],
    ["/projects/a/lessons/b", "/sign-in?next=%2Fprojects%2Fa%2Flessons%2Fb"],
    ["/proposals/library?company=3&q=a%20b", "/sign-in?next=%2Fproposals%2Flibrary%3Fcompany%3D3%26q%3Da%2520b"],
    ["/proposals?flag&q=x?y", "/sign-in?next=%2Fproposals%3Fflag%26q%3Dx%3Fy"],
    ["/learn?_rsc=abc", "/sign-in?next=%2Flearn"],
    ["/projects/a?_rsc=xyz", "/sign-in?next=%2Fprojects%2Fa"],
    ["/projects/a?tab=1&_rsc=xyz", "/sign-in?next=%2Fprojects%2Fa%3Ftab%3D1"],
  ])("%s", (requested, expected) => {
    expect(signInPath(requested)).toBe(expected);
  });

  it.each([[null], [undefined], [""], ["/"], ["//example.org/x"], ["https://example.org/x"]])("%s needs no next", (requested) => {
    expect(signInPath(requested)).toBe("/sign-in");
  });
});
