import { For } from "solid-js";
import type { HubArea } from "../../hub-workspace";
import type { Dashboard } from "./dashboard-api";

interface Card {
  key: string;
  label: string;
  value: number;
  /** A second line: what part of it matters now. */
  note?: string;
  tone?: "bad";
  area: HubArea;
}

function cards(c: Dashboard["counts"]): Card[] {
  const n = (v: number) => v.toLocaleString("en");
  return [
    { key: "users", label: "Users", value: c.users, area: "users" },
    { key: "workflows", label: "Workflows", value: c.workflows, area: "workflows" },
    {
      key: "executions",
      label: "Executions",
      value: c.executions,
      note: c.executions_running ? `${n(c.executions_running)} queued or running` : "none running",
      area: "executions",
    },
    {
      key: "schedules",
      label: "Schedules",
      value: c.schedules,
      note: `${n(c.schedules_enabled)} enabled`,
      area: "schedules",
    },
    {
      key: "servers-online",
      label: "Servers online",
      value: c.servers_online,
      note: c.servers_revoked ? `${n(c.servers_revoked)} revoked` : undefined,
      area: "servers",
    },
    {
      key: "servers-offline",
      label: "Servers offline",
      value: c.servers_offline,
      tone: c.servers_offline > 0 ? "bad" : undefined,
      area: "servers",
    },
  ];
}

/** The Dashboard's counts, each a button to its area. */
export function CountCards(props: { counts: Dashboard["counts"]; show: (area: HubArea) => void }) {
  return (
    <ul class="dashboard-counts" data-testid="dashboard-counts">
      <For each={cards(props.counts)}>
        {(card) => (
          <li>
            <button
              type="button"
              class={`dashboard-count${card.tone ? ` ${card.tone}` : ""}`}
              data-testid={`dashboard-count-${card.key}`}
              data-value={card.value}
              onClick={() => props.show(card.area)}
            >
              <span class="dashboard-count-value">{card.value.toLocaleString("en")}</span>
              <span class="dashboard-count-label">{card.label}</span>
              <span class="dashboard-count-note">{card.note ?? "\u00a0"}</span>
            </button>
          </li>
        )}
      </For>
    </ul>
  );
}
