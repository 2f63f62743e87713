import { Show } from "solid-js";
import type { CheckResult } from "./connections-api";

/**
 * The outcome of a test or a check, in words: "Connected in 12 ms", or why not as the Hub
 * said it (the Hub scrubs the credentials out of a driver's message before it answers).
 */
export function CheckOutcome(props: { result: CheckResult; testid: string; what: string }) {
  return (
    <p
      class={`access-outcome ${props.result.ok ? "ok" : "bad"}`}
      role="status"
      data-testid={props.testid}
      data-ok={String(props.result.ok)}
    >
      <Show
        when={props.result.ok}
        fallback={
          <>
            <strong>{props.what} failed.</strong>{" "}
            <span data-testid={`${props.testid}-error`}>{props.result.error}</span>
          </>
        }
      >
        <strong>{props.what} succeeded:</strong> reached in {props.result.latency_ms.toLocaleString("en")} ms.
      </Show>
    </p>
  );
}

/** A stored connection's last recorded health, as a badge. */
export function HealthBadge(props: { status: "ok" | "error" | null }) {
  const words = () => (props.status === "ok" ? "Reachable" : props.status === "error" ? "Failing" : "Not checked");
  return (
    <span class={`hub-badge access-health ${props.status ?? "unknown"}`} data-testid="connection-health">
      {words()}
    </span>
  );
}
