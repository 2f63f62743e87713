import { For, Show } from "solid-js";
import { describeEvent } from "../activity/activity-sentence";
import type { Names } from "../activity/names";
import type { AuditEvent } from "./audit-api";
import { exactTime } from "./when";

/** Who acted, for the table: a username, a Server's name, or the Hub. */
function actorName(e: AuditEvent, names: Names): string {
  if (e.actor_type === "system") return "The Hub";
  if (e.actor_type === "server") return `Server ${names.of("server", e.actor_id) ?? e.actor_id ?? ""}`.trim();
  return names.of("user", e.actor_id) ?? (typeof e.details.username === "string" ? e.details.username : "(deleted)");
}

/** Details as one line of JSON, for the table (the full value is in the cell's title). */
function detailText(details: Record<string, unknown>): string {
  const text = JSON.stringify(details);
  return text === "{}" ? "" : text;
}

/**
 * One page of audit events as records: seq, exact time, actor, action (with its sentence
 * beneath), target and details. Columns for people first; the codes stay visible because an
 * auditor filters and cites by them.
 */
export function AuditTable(props: { events: AuditEvent[]; offset: number; names: Names; busy: boolean }) {
  return (
    <table class="hub-table audit-table" data-testid="audit-table" data-offset={props.offset} aria-busy={props.busy}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Time</th>
          <th scope="col">Actor</th>
          <th scope="col">Action</th>
          <th scope="col">Target</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        <For each={props.events}>
          {(e) => (
            <tr data-testid="audit-row" data-seq={e.seq} data-action={e.action}>
              <td class="audit-seq">{e.seq.toLocaleString("en")}</td>
              <td class="audit-time">
                <time datetime={e.ts}>{exactTime(e.ts)}</time>
              </td>
              <td>{actorName(e, props.names)}</td>
              <td>
                <code>{e.action}</code>
                <span class="audit-sentence">{describeEvent(e, props.names).text}</span>
              </td>
              <td>
                <Show when={e.target_type} fallback={<span class="audit-none">—</span>}>
                  <span class="hub-badge">{e.target_type?.replaceAll("_", " ")}</span>{" "}
                  <code class="audit-id" title={e.target_id ?? ""}>
                    {e.target_id}
                  </code>
                </Show>
              </td>
              <td class="audit-details" title={JSON.stringify(e.details, null, 2)}>
                {detailText(e.details)}
              </td>
            </tr>
          )}
        </For>
      </tbody>
    </table>
  );
}
