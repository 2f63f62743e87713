import { createSignal, For, onCleanup, onMount } from "solid-js";
import type { DayRuns } from "./dashboard-api";
import { axisLabel, chartGeometry, dayLabel, dayWords } from "./runs-chart-geometry";

const PLOT = { left: 36, top: 10, right: 8, height: 150, bottom: 24 };
/** Before the figure is measured (and in a test without layout). */
const DEFAULT_WIDTH = 644;

/**
 * Runs per day as stacked bars (succeeded, failed, cancelled, still going), drawn as inline
 * SVG. The picture is one image with a summary for screen readers; the same numbers are in a
 * table beneath it, visually hidden, so nothing is only in the picture.
 */
export function RunsChart(props: { days: DayRuns[] }) {
  // Drawn at the figure's own width in pixels, so the bars fill any screen (1280 px to 4K)
  // while the labels keep the page's text size (a scaled viewBox would enlarge them).
  const [width, setWidth] = createSignal(DEFAULT_WIDTH);
  let figure: HTMLElement | undefined;
  onMount(() => {
    if (!figure) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(240, figure?.clientWidth ?? DEFAULT_WIDTH)));
    observer.observe(figure);
    onCleanup(() => observer.disconnect());
  });
  const plotWidth = () => width() - PLOT.left - PLOT.right;
  const geometry = () => chartGeometry(props.days, plotWidth(), PLOT.height);
  const total = () => props.days.reduce((n, d) => n + d.total, 0);
  const failed = () => props.days.reduce((n, d) => n + d.failed, 0);
  const summary = () =>
    `Runs per day, last ${props.days.length} days: ${total().toLocaleString("en")} runs, ${failed().toLocaleString("en")} failed`;
  const everyOther = () => props.days.length > 21;
  /** The first bar with a label (it also names the month). */
  const firstLabelled = () => (everyOther() ? (props.days.length - 1) % 2 : 0);
  return (
    <figure class="runs-chart" data-testid="dashboard-chart" ref={figure}>
      <svg
        viewBox={`0 0 ${width()} ${PLOT.top + PLOT.height + PLOT.bottom}`}
        width={width()}
        height={PLOT.top + PLOT.height + PLOT.bottom}
        role="img"
        aria-label={summary()}
        data-testid="dashboard-chart-svg"
      >
        <g class="runs-axis">
          <line x1={PLOT.left} x2={PLOT.left + plotWidth()} y1={PLOT.top + PLOT.height} y2={PLOT.top + PLOT.height} />
          <line
            class="runs-grid"
            x1={PLOT.left}
            x2={PLOT.left + plotWidth()}
            y1={PLOT.top + PLOT.height / 2}
            y2={PLOT.top + PLOT.height / 2}
          />
          <line class="runs-grid" x1={PLOT.left} x2={PLOT.left + plotWidth()} y1={PLOT.top} y2={PLOT.top} />
          <text x={PLOT.left - 6} y={PLOT.top + 4} text-anchor="end">
            {geometry().top.toLocaleString("en")}
          </text>
          <text x={PLOT.left - 6} y={PLOT.top + PLOT.height / 2 + 4} text-anchor="end">
            {(geometry().top / 2).toLocaleString("en")}
          </text>
          <text x={PLOT.left - 6} y={PLOT.top + PLOT.height + 4} text-anchor="end">
            0
          </text>
        </g>
        <g transform={`translate(${PLOT.left} ${PLOT.top})`}>
          <For each={geometry().bars}>
            {(bar, i) => (
              <g data-testid="dashboard-chart-bar" data-day={bar.day}>
                <title>{bar.label}</title>
                {/* The whole slot answers the pointer, so an empty day still shows its title. */}
                <rect class="runs-hit" x={bar.x} y={0} width={bar.width} height={PLOT.height} />
                <For each={bar.pieces}>
                  {(piece) => (
                    <rect
                      class={`runs-bar ${piece.kind}`}
                      x={bar.x}
                      y={piece.y}
                      width={bar.width}
                      height={piece.height}
                    />
                  )}
                </For>
                {/* With many days, every other one is labelled, counting back from today. */}
                {(!everyOther() || (props.days.length - 1 - i()) % 2 === 0) && (
                  <text class="runs-day" x={bar.x + bar.width / 2} y={PLOT.height + 16} text-anchor="middle">
                    {axisLabel(bar.day, i() === firstLabelled())}
                  </text>
                )}
              </g>
            )}
          </For>
        </g>
      </svg>
      <figcaption class="runs-legend">
        <span class="runs-key succeeded">Succeeded</span>
        <span class="runs-key failed">Failed</span>
        <span class="runs-key cancelled">Cancelled</span>
        <span class="runs-key other">Queued or running</span>
      </figcaption>
      <table class="visually-hidden" data-testid="dashboard-chart-table">
        <caption>{summary()}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Runs</th>
            <th scope="col">Succeeded</th>
            <th scope="col">Failed</th>
            <th scope="col">Cancelled</th>
          </tr>
        </thead>
        <tbody>
          <For each={props.days}>
            {(d) => (
              <tr title={dayWords(d)}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{d.total}</td>
                <td>{d.succeeded}</td>
                <td>{d.failed}</td>
                <td>{d.cancelled}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </figure>
  );
}
