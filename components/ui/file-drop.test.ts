import { describe, expect, it } from "vitest";
import { isAccepted } from "./file-drop";

const file = (name: string, type: string) => new File(["x"], name, { type });

describe("isAccepted: a dropped file is checked against the field's accept list", () => {
  it("takes anything when the field names no kinds", () => {
    expect(isAccepted(file("notes.txt", "text/plain"), undefined)).toBe(true);
  });

  it("matches exact types, wildcards and extensions, in any case", () => {
    const accept = "application/pdf, image/*, .SVG";
    expect(isAccepted(file("offer.pdf", "application/pdf"), accept)).toBe(true);
    expect(isAccepted(file("roof.webp", "image/webp"), accept)).toBe(true);
    expect(isAccepted(file("Logo.svg", ""), accept)).toBe(true);
    expect(isAccepted(file("PHOTO.PNG", "IMAGE/PNG"), accept)).toBe(true);
  });

  it("refuses other kinds, and a type that only starts like a wildcard's", () => {
    expect(isAccepted(file("offer.html", "text/html"), "application/pdf,image/*")).toBe(false);
    expect(isAccepted(file("clip.mp4", "video/mp4"), "image/png,image/jpeg")).toBe(false);
    expect(isAccepted(file("imagery.bin", "imagex/foo"), "image/*")).toBe(false);
  });
});
