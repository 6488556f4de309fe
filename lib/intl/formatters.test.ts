import { describe, expect, it } from "vitest";
import { formatDay, formatMoney, formatQuantity } from "@/lib/proposals/public/presentation";
import { dateTimeFormat, localeOf, numberFormat } from "./formatters";

describe("kept Intl formatters", () => {
  it("builds one formatter for each locale and options, and tells different options apart", () => {
    const money = numberFormat("sv", { style: "currency", currency: "SEK" });
    expect(numberFormat("sv", { style: "currency", currency: "SEK" })).toBe(money);
    expect(numberFormat("sv", { style: "currency", currency: "EUR" })).not.toBe(money);
    expect(numberFormat("de", { style: "currency", currency: "SEK" })).not.toBe(money);
    expect(dateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" })).toBe(
      dateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }),
    );
  });

  it("formats as a formatter built for the call would, whatever was formatted before", () => {
    const sums = [
      [1234.5, "SEK", "sv"],
      [1234.5, "EUR", "de"],
      [1234.5, "JPY", "en"],
      [1234.5, "SEK", "sv"],
    ] as const;
    for (const [value, currency, language] of sums) {
      expect(formatMoney(value, currency, language)).toBe(new Intl.NumberFormat(language, { style: "currency", currency }).format(value));
    }
    expect(formatQuantity(2.5, "sv")).toBe("2,5");
    expect(formatQuantity(2.5, "en")).toBe("2.5");
    expect(formatDay(1_767_225_600, "Europe/Stockholm")).toBe("1 January 2026");
    expect(formatDay(1_767_225_600, "America/Los_Angeles")).toBe("31 December 2025");
  });

  it("keeps nothing for a currency or time zone Intl refuses: each use is refused and falls back again", () => {
    expect(() => numberFormat("en", { style: "currency", currency: "NOT A CODE" })).toThrow(RangeError);
    expect(() => numberFormat("en", { style: "currency", currency: "NOT A CODE" })).toThrow(RangeError);
    expect(formatMoney(12, "NOT A CODE", "en")).toBe("12.00 NOT A CODE");
    expect(formatDay(1_767_225_600, "Mars/Olympus_Mons")).toBe("1 January 2026");
  });

  it("reads a language as a locale Intl knows, and a malformed or missing one as English", () => {
    expect(localeOf("sv-SE")).toBe("sv-SE");
    expect(localeOf("!!")).toBe("en");
    expect(localeOf("")).toBe("en");
    expect(localeOf(undefined)).toBe("en");
  });

  it("still formats correctly past the number of formatters it keeps", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    const styles = ["long", "medium", "short"] as const;
    expect(zones.length * styles.length).toBeGreaterThan(500);
    for (const timeZone of zones) for (const dateStyle of styles) dateTimeFormat("en-GB", { dateStyle, timeZone });
    expect(formatDay(1_767_225_600, "Europe/Stockholm")).toBe("1 January 2026");
    expect(formatMoney(1, "SEK", "sv")).toBe(new Intl.NumberFormat("sv", { style: "currency", currency: "SEK" }).format(1));
  });
});
