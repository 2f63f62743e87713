import { For, Show } from "solid-js";
import { exactTime, timeAgo } from "../audit/when";
import type { HubServer } from "./dashboard-api";

/** A Server's state in words: revoked, online (with its load), or offline since when and why. */
function health(s: HubServer, now: Date): { text: string; tone: "ok" | "bad" | "muted" } {
  if (s.revoked_at) return { text: "Revoked", tone: "muted" };
  if (s.status === "online") {
    const load = s.running === 1 ? "1 request running" : `${s.running} requests running`;
    return { text: `Online · ${load}${s.latency_ms === null ? "" : ` · ${s.latency_ms} ms`}`, tone: "ok" };
  }
  const seen = s.last_seen_at ? `last seen ${timeAgo(s.last_seen_at, now)}` : "never seen";
  return { text: `Offline · ${seen}`, tone: "bad" };
}

/** The Dashboard's Server health: each Server's state, version and load (the Servers page has the rest). */
export function ServerHealth(props: { servers: HubServer[]; total: number; now: Date; onAll: () => void }) {
  return (
    <>
      <ul class="dashboard-servers" data-testid="dashboard-servers">
        <For each={props.servers}>
          {(s) => {
            const h = health(s, props.now);
            return (
              <li data-testid="dashboard-server" data-status={s.status}>
                <span class={`dashboard-dot ${h.tone}`} aria-hidden="true" />
                <span class="dashboard-server-name">{s.name}</span>
                <span
                  class="dashboard-server-state"
                  title={s.last_error ?? (s.last_seen_at ? exactTime(s.last_seen_at) : "")}
                >
                  {h.text}
                </span>
                <span class="dashboard-server-version">{s.version ? `v${s.version}` : "version unknown"}</span>
              </li>
            );
          }}
        </For>
      </ul>
      <Show when={props.total > props.servers.length}>
        <p class="dashboard-more">
          <button type="button" class="dashboard-link" onClick={() => props.onAll()}>
            All {props.total.toLocaleString("en")} Servers
          </button>
        </p>
      </Show>
    </>
  );
}
