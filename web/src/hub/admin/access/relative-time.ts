/** "just now", "5 minutes ago", "3 days ago": how long ago `iso` was, for a list; the exact time goes in a title. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 45) return "just now";
  const steps: [number, string][] = [
    [60, "minute"],
    [60, "hour"],
    [24, "day"],
    [30, "month"],
    [12, "year"],
  ];
  let value = seconds / 60;
  let unit = "minute";
  for (let i = 1; i < steps.length; i++) {
    const [size, next] = steps[i] as [number, string];
    if (value < size) break;
    value /= size;
    unit = next;
  }
  const n = Math.max(1, Math.round(value));
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/** The exact local time of `iso`, for a title. */
export const exactTime = (iso: string) => new Date(iso).toLocaleString();
