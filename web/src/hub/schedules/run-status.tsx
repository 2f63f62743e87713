import type { HubExecution } from "./schedules-api";
import "./run-status.css";

type Status = HubExecution["status"];

const WORDS: Record<Status, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** A run's status in words, coloured by the theme's state colours (`data-status` keeps the code for tests). */
export function RunStatus(props: { status: Status; testid?: string }) {
  return (
    <span
      class={`hub-badge run-status run-status-${props.status}`}
      data-testid={props.testid ?? "run-status"}
      data-status={props.status}
    >
      {WORDS[props.status]}
    </span>
  );
}
