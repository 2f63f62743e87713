/**
 * Previous / "1–50 of 10,000" / Next under a list the Hub answers a page at a time: a list of
 * any length stays one page's work in the browser. Test ids: `<testid>-previous`, `-range`,
 * `-next`.
 */
export function Pager(props: {
  testid: string;
  /** What the pages are of, for screen readers ("Pages of workflows"). */
  label: string;
  offset: number;
  /** Rows on this page. */
  count: number;
  total: number;
  pageSize: number;
  onOffset: (offset: number) => void;
}) {
  return (
    <nav class="hub-pager" aria-label={props.label}>
      <button
        type="button"
        data-testid={`${props.testid}-previous`}
        disabled={props.offset === 0}
        onClick={() => props.onOffset(Math.max(0, props.offset - props.pageSize))}
      >
        Previous
      </button>
      <span data-testid={`${props.testid}-range`}>
        {props.count === 0 ? 0 : props.offset + 1}–{props.offset + props.count} of {props.total.toLocaleString("en")}
      </span>
      <button
        type="button"
        data-testid={`${props.testid}-next`}
        disabled={props.offset + props.pageSize >= props.total}
        onClick={() => props.onOffset(props.offset + props.pageSize)}
      >
        Next
      </button>
    </nav>
  );
}
