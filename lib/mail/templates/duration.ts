/** A link's lifetime in words for a mail: 3600 -> "1 hour", 604800 -> "7 days". */
export function describeDuration(seconds: number): string {
  const units: [number, string][] = [
    [24 * 60 * 60, "day"],
    [60 * 60, "hour"],
    [60, "minute"],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${name}${count === 1 ? "" : "s"}`;
    }
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
