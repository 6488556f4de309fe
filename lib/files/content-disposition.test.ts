import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { contentDisposition, filenameInDisposition } from "./content-disposition";

describe("[FILES] Content-Disposition", () => {
  test("a plain name is written as it is; any other name also gets its exact UTF-8 form", () => {
    expect(contentDisposition("attachment", "offer.pdf")).toBe("attachment; filename=offer.pdf");
    expect(contentDisposition("inline", "Prix ö; 100%.png")).toBe(
      `inline; filename="Prix o__ 100_.png"; filename*=UTF-8''Prix%20%C3%B6%3B%20100%25.png`,
    );
    expect(contentDisposition("attachment", "€")).toBe(`attachment; filename=_; filename*=UTF-8''%E2%82%AC`);
  });

  test("any name reads back exactly, in one header line that cannot add another header", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", minLength: 1, maxLength: 80 }),
        fc.constantFrom("inline", "attachment" as const),
        (name, type) => {
          const header = contentDisposition(type, name);
          expect(header).toMatch(/^[\x20-\x7e]+$/);
          expect(filenameInDisposition(header)).toBe(name);
        },
      ),
    );
  });

  test("a header that names nothing, or cannot be read, gives no name", () => {
    expect(filenameInDisposition("inline")).toBeNull();
    expect(filenameInDisposition(";;;")).toBeNull();
    expect(filenameInDisposition(`attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf`)).toBe("€ rates.pdf");
    expect(filenameInDisposition(`attachment; filename="a \\"quoted\\" name.pdf"`)).toBe('a "quoted" name.pdf');
  });
});
