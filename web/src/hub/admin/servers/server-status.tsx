import { Show } from "solid-js";
import { exactTime, relativeTime } from "../people/relative-time";
import type { HubServer } from "./servers-api";

/** Online / Offline / Revoked, in words and colour; why it is offline in the title and below. */
export function ServerStatus(props: { server: HubServer }) {
  const state = () => (props.server.revoked_at ? "revoked" : props.server.status);
  const label = () => ({ online: "Online", offline: "Offline", revoked: "Revoked" })[state()];
  const why = () =>
    props.server.revoked_at
      ? `Revoked ${exactTime(props.server.revoked_at)}`
      : props.server.status === "offline"
        ? (props.server.last_error ?? "Not answered yet")
        : undefined;
  return (
    <>
      <span class={`hub-badge server-status server-${state()}`} data-testid="server-status" title={why()}>
        {label()}
      </span>
      <Show when={state() === "offline" && props.server.last_error}>
        <span class="server-why">{props.server.last_error}</span>
      </Show>
    </>
  );
}

/** "3 minutes ago" with the exact time in a title; "never" before a first answer. */
export function LastSeen(props: { at: string | null }) {
  return (
    <Show when={props.at} fallback={<span class="people-muted">never</span>}>
      {(at) => (
        <time datetime={at()} title={exactTime(at())}>
          {relativeTime(at())}
        </time>
      )}
    </Show>
  );
}
