import type { HubClient } from "../../../lib/hub-api";
import type { AuditQuery } from "./audit-api";

/** What the Audit Log's filter form holds: as typed, before it becomes the API's query. */
export interface AuditFilter {
  actorType: "" | "user" | "server" | "system";
  /** A username (exact, any case); the API filters by the account's id. */
  username: string;
  action: string;
  targetType: string;
  targetId: string;
  /** `datetime-local` values, in the viewer's time. */
  from: string;
  to: string;
}

export const NO_FILTER: AuditFilter = {
  actorType: "",
  username: "",
  action: "",
  targetType: "",
  targetId: "",
  from: "",
  to: "",
};

/** A `datetime-local` value (minutes) as ISO 8601; `end` takes the minute's last millisecond (`to` is inclusive). */
export function localToIso(value: string, end = false): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  return new Date(at.getTime() + (end && value.length <= 16 ? 59_999 : 0)).toISOString();
}

/**
 * The API's query for `filter`, or the reason no event can match (a username no account
 * has). A username means a user: the account's id is looked up on the Hub.
 */
export async function auditQueryOf(
  hub: HubClient,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditQuery | { nothing: string }> {
  const query: AuditQuery = {
    ...page,
    actor_type: filter.actorType || undefined,
    action: filter.action || undefined,
    target_type: filter.targetType || undefined,
    target_id: filter.targetId.trim() || undefined,
    from: localToIso(filter.from),
    to: localToIso(filter.to, true),
  };
  const username = filter.username.trim();
  if (!username) return query;
  const found = await hub.request<{ users: { id: string; username: string }[] }>(
    "GET",
    `/users?${new URLSearchParams({ name: username, limit: "100" })}`,
  );
  const user = found.users.find((u) => u.username.toLowerCase() === username.toLowerCase());
  if (!user) return { nothing: `No account is named “${username}”.` };
  return { ...query, actor_type: "user", actor_id: user.id };
}
