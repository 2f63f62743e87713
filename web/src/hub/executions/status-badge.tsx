import { STATUS_LABEL } from "./execution-words";
import type { ExecutionStatus } from "./executions-api";
import "./executions.css";

/** A run's status as a coloured badge in words (`data-status` holds the Hub's value, for tests and styles). */
export function ExecutionStatusBadge(props: { status: ExecutionStatus; testid?: string }) {
  return (
    <span
      class={`hub-badge run-status run-${props.status}`}
      data-testid={props.testid ?? "execution-status"}
      data-status={props.status}
    >
      {STATUS_LABEL[props.status]}
    </span>
  );
}
