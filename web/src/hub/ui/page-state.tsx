import type { JSX } from "solid-js";

/**
 * What a page or a panel shows instead of its content: loading, empty (saying what would fill
 * it and how), or an error with a way to try again. Never a blank area.
 */
export function PageState(props: {
  kind: "loading" | "empty" | "error";
  testid: string;
  children: JSX.Element;
  /** For errors: a "Try again" button. */
  retry?: () => void;
}) {
  return (
    <div
      class={`hub-page-state${props.kind === "error" ? " bad" : ""}`}
      data-testid={props.testid}
      role={props.kind === "error" ? "alert" : undefined}
      aria-live={props.kind === "loading" ? "polite" : undefined}
      aria-busy={props.kind === "loading" ? true : undefined}
    >
      {props.children}
      {props.retry && (
        <p>
          <button type="button" onClick={() => props.retry?.()}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}
