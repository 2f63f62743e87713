import type { HubQueryable } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { dayWindow } from "./days";
import { dashboardCounts, runsPerDay } from "./queries";
import type { DashboardBody, DashboardQuery } from "./schemas";

export interface DashboardDeps {
  database: HubQueryable;
  clock: Clock;
}

/** The admin area's Dashboard: counts of what the Hub holds and the runs of each recent day. */
export function createDashboardService({ database, clock }: DashboardDeps) {
  return {
    async overview(query: DashboardQuery): Promise<DashboardBody> {
      const now = clock();
      const window = dayWindow(now, query.days, query.utc_offset_minutes);
      const counted = new Map(
        (await runsPerDay(database, window.from, query.utc_offset_minutes)).map((d) => [d.day, d]),
      );
      return {
        generated_at: now.toISOString(),
        counts: await dashboardCounts(database),
        runs_per_day: window.days.map(
          (day) => counted.get(day) ?? { day, total: 0, succeeded: 0, failed: 0, cancelled: 0 },
        ),
      };
    },
  };
}
