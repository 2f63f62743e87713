import type { JSX } from "solid-js";

/** One panel of Home: a heading, a button to the whole area, and the panel's list or state. */
export function HomePanel(props: {
  id: string;
  title: string;
  /** "All workflows": goes to the area the panel samples. */
  more: string;
  onMore: () => void;
  children: JSX.Element;
}) {
  return (
    <section class="home-panel" data-testid={`home-${props.id}`} aria-labelledby={`home-${props.id}-title`}>
      <header class="home-panel-head">
        <h2 id={`home-${props.id}-title`}>{props.title}</h2>
        <button type="button" class="home-more" data-testid={`home-${props.id}-more`} onClick={() => props.onMore()}>
          {props.more}
        </button>
      </header>
      {props.children}
    </section>
  );
}
