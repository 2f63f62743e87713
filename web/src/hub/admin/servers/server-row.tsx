import { For, Show } from "solid-js";
import { ServerLoad } from "./server-load";
import { LastSeen, ServerStatus } from "./server-status";
import type { HubServer } from "./servers-api";

/** One Server's row: what the Hub knows of it, and for admins what may be done to it. */
export function ServerRow(props: {
  server: HubServer;
  mayWrite: boolean;
  /** A poll of this Server is under way. */
  refreshing: boolean;
  onRefresh: () => void;
  onConfirm: (action: "revoke" | "remove") => void;
  onEditGroups: () => void;
}) {
  return (
    <tr data-testid="server-row" data-name={props.server.name}>
      <td>
        {props.server.name}
        <span class="server-endpoint">{props.server.endpoint}</span>
      </td>
      <td>
        <ServerStatus server={props.server} />
      </td>
      <td data-testid="server-version">{props.server.version ?? <span class="people-muted">not known yet</span>}</td>
      <td class="server-numbers" data-testid="server-load">
        <ServerLoad server={props.server} />
      </td>
      <td class="server-numbers" data-testid="server-latency">
        {props.server.latency_ms === null ? <span class="people-muted">–</span> : `${props.server.latency_ms} ms`}
      </td>
      <td>
        <LastSeen at={props.server.last_seen_at} />
      </td>
      <td>
        <span class="server-who" data-testid="server-groups-cell">
          <Show when={props.server.groups.length > 0} fallback={<span class="people-muted">Everyone</span>}>
            <span class="server-groups">
              <For each={props.server.groups}>{(g) => <span class="hub-badge">{g.name}</span>}</For>
            </span>
          </Show>
          <Show when={props.mayWrite && !props.server.revoked_at}>
            <button
              type="button"
              data-testid="server-groups-edit"
              aria-label={`Choose who may use ${props.server.name}`}
              onClick={() => props.onEditGroups()}
            >
              Edit
            </button>
          </Show>
        </span>
      </td>
      <td>
        <Show when={props.mayWrite && props.server.revoked_at}>
          <div class="people-row-actions">
            <button
              type="button"
              class="people-danger"
              data-testid="server-remove"
              aria-label={`Remove ${props.server.name}`}
              onClick={() => props.onConfirm("remove")}
            >
              Remove
            </button>
          </div>
        </Show>
        <Show when={props.mayWrite && !props.server.revoked_at}>
          <div class="people-row-actions">
            <button
              type="button"
              data-testid="server-refresh"
              aria-label={`Poll ${props.server.name} now`}
              disabled={props.refreshing}
              aria-busy={props.refreshing}
              onClick={() => props.onRefresh()}
            >
              {props.refreshing ? "Polling…" : "Refresh"}
            </button>
            <button
              type="button"
              class="people-danger"
              data-testid="server-revoke"
              aria-label={`Revoke ${props.server.name}`}
              onClick={() => props.onConfirm("revoke")}
            >
              Revoke
            </button>
          </div>
        </Show>
      </td>
    </tr>
  );
}
