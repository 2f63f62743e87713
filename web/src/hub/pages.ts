import type { Component } from "solid-js";
import { ActivityPage } from "./admin/activity-page";
import { AuditLogPage } from "./admin/audit-log-page";
import { ConnectionsPage } from "./admin/connections-page";
import { DashboardPage } from "./admin/dashboard-page";
import { GrantGroupsPage } from "./admin/grant-groups-page";
import { ServersPage } from "./admin/servers-page";
import { SettingsPage } from "./admin/settings-page";
import { UserGroupsPage } from "./admin/user-groups-page";
import { UsersPage } from "./admin/users-page";
import { ExecutionsPage } from "./executions/executions-page";
import { HomePage } from "./home/home-page";
import type { HubArea } from "./hub-workspace";
import { SchedulesPage } from "./schedules/schedules-page";
import { WorkflowsPage } from "./workflows/workflows-page";

/** The page of each area but the designer (which the shell keeps mounted): one file per area. */
export const PAGES: Record<Exclude<HubArea, "designer">, Component> = {
  home: HomePage,
  workflows: WorkflowsPage,
  executions: ExecutionsPage,
  schedules: SchedulesPage,
  dashboard: DashboardPage,
  activity: ActivityPage,
  audit: AuditLogPage,
  servers: ServersPage,
  users: UsersPage,
  groups: UserGroupsPage,
  "grant-groups": GrantGroupsPage,
  connections: ConnectionsPage,
  settings: SettingsPage,
};
