import { type Role, roleAtLeast } from "../../../src/shared/roles";
import type { HubArea } from "./hub-workspace";

/** One area of the Hub's app: its label, where its link sits, and the least role that sees it. */
export interface AreaInfo {
  area: HubArea;
  label: string;
  /** `work`: the row of areas on top; `admin`: the admin area's side list (auditors and above). */
  section: "work" | "admin";
  min: Role;
}

/**
 * Every area, in the order the navigation lists them (hub.md "What the service does"): users
 * see Home, Designer, Workflows, Executions and Schedules; auditors and above also the admin
 * area, where auditors read and admins write (each page hides what the person may not do, and
 * the Hub refuses it anyway).
 */
export const AREAS: readonly AreaInfo[] = [
  { area: "home", label: "Home", section: "work", min: "user" },
  { area: "designer", label: "Designer", section: "work", min: "user" },
  { area: "workflows", label: "Workflows", section: "work", min: "user" },
  { area: "executions", label: "Executions", section: "work", min: "user" },
  { area: "schedules", label: "Schedules", section: "work", min: "user" },
  { area: "dashboard", label: "Dashboard", section: "admin", min: "auditor" },
  { area: "activity", label: "Activity", section: "admin", min: "auditor" },
  { area: "audit", label: "Audit Log", section: "admin", min: "auditor" },
  { area: "servers", label: "Servers", section: "admin", min: "auditor" },
  { area: "users", label: "Users", section: "admin", min: "auditor" },
  { area: "groups", label: "User Groups", section: "admin", min: "auditor" },
  { area: "grant-groups", label: "Grant Groups", section: "admin", min: "auditor" },
  { area: "connections", label: "Connections", section: "admin", min: "auditor" },
  { area: "settings", label: "Settings", section: "admin", min: "auditor" },
];

export function areaInfo(area: HubArea): AreaInfo {
  return AREAS.find((a) => a.area === area) ?? (AREAS[0] as AreaInfo);
}

/** The areas `role` may see (none without a role: nobody is signed in). */
export function visibleAreas(role: Role | undefined, section?: AreaInfo["section"]): AreaInfo[] {
  return AREAS.filter((a) => role !== undefined && roleAtLeast(role, a.min) && (!section || a.section === section));
}

/** The admin area's first page the person may see, for the top row's "Admin" link. */
export const ADMIN_HOME: HubArea = "dashboard";
