import type { HubSchedule } from "../schedules/schedules-api";

/** The soonest next run of each enabled schedule, soonest first. */
export function soonest(schedules: HubSchedule[], count: number): (HubSchedule & { next_run_at: string })[] {
  return schedules
    .filter((s): s is HubSchedule & { next_run_at: string } => s.enabled && s.next_run_at !== null)
    .sort((a, b) => Date.parse(a.next_run_at) - Date.parse(b.next_run_at))
    .slice(0, count);
}
