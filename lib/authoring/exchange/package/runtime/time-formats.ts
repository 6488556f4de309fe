// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).

function parts(ms: number) {
  const centis = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(centis / 360_000);
  const minutes = Math.floor((centis % 360_000) / 6000);
  const seconds = (centis % 6000) / 100;
  return { hours, minutes, seconds };
}

/** SCORM 1.2's CMITimespan, HHHH:MM:SS.SS (hours of 2 to 4 digits, so capped at 9999). */
export function scorm12Timespan(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const wholeSeconds = Math.floor(seconds);
  const centis = Math.round((seconds - wholeSeconds) * 100);
  return `${pad(Math.min(hours, 9999), 4)}:${pad(minutes, 2)}:${pad(wholeSeconds, 2)}.${pad(centis, 2)}`;
}

/** An ISO 8601 duration to the hundredth of a second (SCORM 2004 timeinterval, xAPI duration): PT1H2M3.45S. */
export function isoDuration(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  return `PT${hours}H${minutes}M${Number(seconds.toFixed(2))}S`;
}
