/**
 * Intl's formatters, built once for each locale and options and then kept. Building one costs far
 * more than formatting with it: a 100-line proposal's page built some 300 (a money, a quantity
 * and a discount per line), a third of the server's time for the page, and as many again while
 * the browser brought it to life. Importable by the browser as well as the server.
 */

/** Locales, currencies and time zones are finite sets; a run of made-up ones still must not grow this without end. */
const MOST_KEPT = 500;
const kept = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | string>();

function keep<T extends Intl.NumberFormat | Intl.DateTimeFormat | string>(key: string, make: () => T): T {
  const found = kept.get(key);
  if (found !== undefined) return found as T;
  // An unknown currency or time zone throws here, and nothing is kept.
  const made = make();
  if (kept.size >= MOST_KEPT) kept.clear();
  kept.set(key, made);
  return made;
}

/** `new Intl.NumberFormat(locale, options)`, kept. `locale` undefined: the reader's (the runtime's) own. */
export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  keep(`number ${locale ?? ""} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

/** `new Intl.DateTimeFormat(locale, options)`, kept. */
export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  keep(`date ${locale ?? ""} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** A language code as a locale Intl knows ("sv-SE", "de"), else English; a malformed code reads as English too. */
export function localeOf(language: string | undefined): string {
  if (!language) return "en";
  return keep(`locale ${language}`, () => {
    try {
      return Intl.NumberFormat.supportedLocalesOf([language])[0] || "en";
    } catch {
      return "en";
    }
  });
}
