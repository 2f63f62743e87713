import { ACTION_SENTENCES } from "../activity/activity-sentence";

/** How each resource's actions are headed in the Action filter. */
const RESOURCE_LABELS: Record<string, string> = {
  auth: "Sign-in and passwords",
  authz: "Refused requests",
  user: "Users",
  group: "User groups",
  grant_group: "Grant groups",
  connection: "Connections",
  workflow: "Workflows",
  schedule: "Schedules",
  execution: "Executions",
  server: "Servers",
  capability: "Capability tokens",
};

export interface ActionGroup {
  label: string;
  /** `user.*`: every action of the resource (the API's prefix filter). */
  prefix: string;
  actions: { value: string; label: string }[];
}

/**
 * The Action filter's choices: every action the Hub writes (the sentences know each one),
 * grouped by resource, each group also choosable whole.
 */
export function actionGroups(): ActionGroup[] {
  const groups = new Map<string, ActionGroup>();
  for (const action of Object.keys(ACTION_SENTENCES)) {
    const [resource = action, verb = ""] = action.split(".");
    let group = groups.get(resource);
    if (!group) {
      group = { label: RESOURCE_LABELS[resource] ?? resource, prefix: `${resource}.*`, actions: [] };
      groups.set(resource, group);
    }
    group.actions.push({ value: action, label: `${group.label}: ${verb.replaceAll("_", " ")}` });
  }
  return [...groups.values()];
}

/** The kinds of target the Target filter offers (audit events' target_type values). */
export const TARGET_TYPES: { value: string; label: string }[] = [
  { value: "user", label: "User" },
  { value: "group", label: "User group" },
  { value: "grant_group", label: "Grant group" },
  { value: "connection", label: "Connection" },
  { value: "workflow", label: "Workflow" },
  { value: "schedule", label: "Schedule" },
  { value: "execution", label: "Execution" },
  { value: "server", label: "Server" },
  { value: "session", label: "Session" },
  { value: "route", label: "Route (refused requests)" },
];
