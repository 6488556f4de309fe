import { describe, expect, it } from "vitest";
import { resolveNext } from "./safe-next";

const origin = "https://app.example.test";

describe("[AUTH] resolveNext keeps the user on the app after sign-in", () => {
  it.each<[string | null, string]>([
    ["//evil.test", "a protocol-relative url"],
    ["/\\evil.test", "a backslash read as a slash"],
    ["\\\\evil.test", "two backslashes"],
    ["/\\evil.test/x", "a backslash path"],
    [decodeURIComponent("/%5Cexample.org/x"), "a decoded %5C"],
    [decodeURIComponent("/%09/example.org/x"), "a tab the browser drops"],
    ["/\t/evil.test", "a raw tab"],
    ["/\n/evil.test", "a newline"],
    ["/\r\n/evil.test", "a carriage return and newline"],
    [" //evil.test", "leading space"],
    ["/.//evil.test", "a dot segment that collapses to //"],
    ["javascript:alert(1)", "a javascript: url"],
    ["JaVaScRiPt:alert(1)", "a mixed-case javascript: url"],
    ["java\tscript:alert(1)", "a javascript: url with a tab"],
    ["data:text/html,<script>alert(1)</script>", "a data: url"],
    ["https://evil.test/x", "another origin"],
    ["http://app.example.test/x", "the same host over another scheme"],
    ["https://app.example.test:8443/x", "the same host on another port"],
    ["https://app.example.test@evil.test/", "credentials before another host"],
    ["///evil.test", "three slashes"],
    ["", "empty"],
    [null, "missing"],
  ])("sends %j (%s) home", (value) => {
    expect(resolveNext(value, origin)).toBe("/");
  });

  it.each([
    ["/learn", "/learn"],
    ["/p/abc?tab=2&x=y", "/p/abc?tab=2&x=y"],
    ["/courses/1#lesson-3", "/courses/1#lesson-3"],
    ["/%5Cevil.test", "/%5Cevil.test"],
    ["https://app.example.test/learn?x=1", "/learn?x=1"],
    ["learn", "/learn"],
    // Same scheme without slashes is a relative path in the URL standard: it stays on the app.
    ["https:evil.test", "/evil.test"],
  ])("keeps the path %j on the app as %j", (value, expected) => {
    expect(resolveNext(value, origin)).toBe(expected);
  });
});
