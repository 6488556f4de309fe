import { describe, expect, it } from "vitest";
import { prefersCsv, toCsv } from "./csv";

describe("[CSV] tables as text", () => {
  it("writes a header and rows with CRLF ends and a byte-order mark, quoting what needs it", () => {
    const text = toCsv({
      header: ["title", "count", "share"],
      rows: [
        ['Fire, "basic"', 3, 0.5],
        ["Two\nlines", null, undefined],
      ],
    });
    expect(text).toBe('\uFEFFtitle,count,share\r\n"Fire, ""basic""",3,0.5\r\n"Two\nlines",,\r\n');
  });

  it("defuses cells a spreadsheet would run as formulas, but keeps negative numbers", () => {
    const text = toCsv({ header: ["a", "b", "c", "d"], rows: [["=HYPERLINK(1)", "@SUM(A1)", "-3.5", -2]] });
    expect(text.split("\r\n")[1]).toBe("'=HYPERLINK(1),'@SUM(A1),-3.5,-2");
  });

  it("writes NaN and infinities as empty cells", () => {
    expect(toCsv({ header: ["x", "y"], rows: [[Number.NaN, Infinity]] }).split("\r\n")[1]).toBe(",");
  });
});

describe("[CSV] content negotiation", () => {
  it.each([
    ["text/csv", true],
    ["text/csv, application/json;q=0.5", true],
    ["application/json, text/csv;q=0.5", false],
    ["*/*", false],
    ["text/csv;q=0", false],
    ["", false],
    [null, false],
  ])("Accept %s asks for CSV: %s", (accept, expected) => {
    expect(prefersCsv(accept)).toBe(expected);
  });
});
