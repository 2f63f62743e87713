import { formatDuration } from "../../state/tool-status";
import type { ExecutionStatus, ExecutionSummary } from "./executions-api";

/** A run's status in words. */
export const STATUS_LABEL: Record<ExecutionStatus, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** Whether a run has ended: nothing moves it out of these. */
export const isFinal = (status: ExecutionStatus) =>
  status === "succeeded" || status === "failed" || status === "cancelled";

/** How long a run took, or has been running (`now` for one not ended); empty before it started. */
export function runDuration(run: Pick<ExecutionSummary, "started_at" | "finished_at">, now: Date): string {
  if (!run.started_at) return "";
  const end = run.finished_at ? new Date(run.finished_at) : now;
  return formatDuration(Math.max(0, end.getTime() - new Date(run.started_at).getTime()));
}

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/**
 * "3 minutes ago", "yesterday": for reading at a glance (the exact time goes in a title). A
 * time less than a minute ahead is "now": the clock shown ticks every few seconds, and the
 * Hub's clock may be a little ahead of the browser's; a run is never created in the future.
 */
export function relativeTime(iso: string, now: Date): string {
  let value = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (value > 0 && value < 60) value = 0;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return RELATIVE.format(Math.round(value), unit);
    value /= size;
  }
  return RELATIVE.format(Math.round(value), "year");
}

/** The exact time, for a title. */
export const exactTime = (iso: string) => new Date(iso).toLocaleString();

/** What started the run: a person, or a schedule (with the occurrence it was for). */
export function triggerText(run: Pick<ExecutionSummary, "schedule_id" | "occurrences_covered">): string {
  if (!run.schedule_id) return "Run by hand";
  return run.occurrences_covered > 1 ? `Schedule (${run.occurrences_covered} occurrences)` : "Schedule";
}

/** `datetime-local` input text (local time) → ISO 8601, or undefined when empty or unreadable. */
export function localInputToIso(text: string): string | undefined {
  if (!text) return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
