import { type JSX, Match, onCleanup, onMount, Switch } from "solid-js";
import { CodePage } from "./code-page";
import { ConnectionsPage } from "./connections-page";
import { HistoryPage } from "./history-page";
import { openPage, type PageName } from "./route";
import "./pages.css";

const TITLES: Record<PageName, string> = {
  code: "Python code",
  history: "Run history",
  connections: "Connections",
};

/**
 * A side page over the designer's work area (the toolbar stays): Escape or "Back" returns to
 * the designer, which stays as it was underneath.
 */
export function PageView(props: { page: PageName }) {
  let heading: HTMLHeadingElement | undefined;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !event.defaultPrevented) openPage(undefined);
  };
  onMount(() => {
    window.addEventListener("keydown", onKey);
    heading?.focus();
  });
  onCleanup(() => window.removeEventListener("keydown", onKey));
  return (
    // Focusable (-1) so that a click on the page keeps the focus in it: the canvas's keys
    // (Delete, arrows) then do not act on the hidden designer.
    <section class="page-view" data-testid={`page-${props.page}`} aria-labelledby="page-title" tabIndex={-1}>
      <header class="page-head">
        <h1 id="page-title" ref={heading} tabIndex={-1}>
          {TITLES[props.page]}
        </h1>
        <button type="button" class="page-button" data-testid="page-close" onClick={() => openPage(undefined)}>
          <span aria-hidden="true">←</span> Back to the designer
        </button>
      </header>
      <div class="page-body">
        <Switch>
          <Match when={props.page === "code"}>
            <CodePage />
          </Match>
          <Match when={props.page === "history"}>
            <HistoryPage />
          </Match>
          <Match when={props.page === "connections"}>
            <ConnectionsPage />
          </Match>
        </Switch>
      </div>
    </section>
  );
}

/** A small error line for a failed request. */
export function PageError(props: { children: JSX.Element }) {
  return (
    <p class="page-error bad" role="alert">
      {props.children}
    </p>
  );
}
