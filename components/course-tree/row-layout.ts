import type { CSSProperties } from "react";

/** Indents a row by its depth (--depth): 1rem a level on a phone, 1.75rem from the sm breakpoint. */
export const indent = (depth: number) => ({ "--depth": depth }) as CSSProperties;

/**
 * A row's title. On a phone it fills the first line (its basis leaves room for the handle and the
 * toggle only), so the badge and actions wrap to a line of their own and a long title wraps whole;
 * from sm up the row is one line and the title is cut with an ellipsis.
 */
export const titleClass = "min-w-0 flex-[1_1_calc(100%-4rem)] wrap-anywhere sm:flex-[1_1_0%] sm:truncate";
