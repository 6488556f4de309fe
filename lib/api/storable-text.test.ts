import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, unstorableText } from "./storable-text";

const nested = (depth: number) => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe("[INPUT] text the database can store", () => {
  it("accepts ordinary text, emoji (paired surrogates), numbers, nulls and files", () => {
    expect(unstorableText({ title: "Grüße 👋", n: 1, none: null, list: ["a", { b: "c" }], file: new Blob(["x"]) })).toEqual([]);
  });

  it("names every string, value or key, holding a NUL character or an unpaired surrogate", () => {
    const issues = unstorableText({ title: "a\u0000b", data: { "k\u0000": 1, ok: "fine", broken: "\ud800" }, list: ["x", "\udc00y"] });
    expect(issues.map((i) => i.path).sort()).toEqual(["data.broken", "data.k\u0000", "list.1", "title"].sort());
  });

  it("refuses nesting deeper than the limit, and does not overflow the stack on 100,000 levels", () => {
    expect(unstorableText(nested(MAX_JSON_DEPTH - 1))).toEqual([]);
    expect(unstorableText(nested(MAX_JSON_DEPTH + 1))).toEqual([
      { path: expect.stringMatching(/^a(\.a)*$/), message: expect.stringMatching(/Nested more than/) },
    ]);
    expect(unstorableText(JSON.parse("[".repeat(100_000) + "]".repeat(100_000)))).toHaveLength(1);
  });

  it("prefixes paths, for a query string or a part of a request", () => {
    expect(unstorableText({ q: "\u0000" }, "query")).toEqual([{ path: "query.q", message: expect.any(String) }]);
  });

  it("names every number that is not finite: JSON's 1e309 parses as Infinity, which a JSON column stores as null", () => {
    const body = JSON.parse('{"data": {"big": 1e309, "small": -1e309, "fine": 1e308}, "list": [1, 1e999]}');
    expect(
      unstorableText(body)
        .map((i) => i.path)
        .sort(),
    ).toEqual(["data.big", "data.small", "list.1"]);
    expect(unstorableText({ n: Number.NaN })).toEqual([{ path: "n", message: expect.stringMatching(/finite/) }]);
  });
});
