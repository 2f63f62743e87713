import { type JSX, Match, Switch } from "solid-js";

/**
 * A Dashboard panel around a resource: loading, error (with Try again) and empty states, the
 * same in each panel (never blank), then `children` with the value.
 */
export function Panel<T>(props: {
  testid: string;
  what: string;
  data: { (): T | undefined; loading: boolean; error: unknown; latest: T | undefined };
  retry: () => void;
  empty?: (value: T) => string | undefined;
  children: (value: T) => JSX.Element;
}) {
  return (
    <Switch>
      <Match when={props.data.error}>
        <div class="hub-page-state bad" role="alert" data-testid={`${props.testid}-error`}>
          <p>
            The Hub did not answer with {props.what}: {(props.data.error as Error).message}
          </p>
          <button type="button" onClick={() => props.retry()}>
            Try again
          </button>
        </div>
      </Match>
      <Match when={props.data.loading && !props.data.latest}>
        <p class="hub-page-state" aria-live="polite" data-testid={`${props.testid}-loading`}>
          Loading {props.what}…
        </p>
      </Match>
      <Match when={props.data.latest !== undefined && props.empty?.(props.data.latest as T)}>
        <p class="hub-page-state" data-testid={`${props.testid}-empty`}>
          {props.empty?.(props.data.latest as T)}
        </p>
      </Match>
      <Match when={props.data.latest}>{(value) => props.children(value())}</Match>
    </Switch>
  );
}
