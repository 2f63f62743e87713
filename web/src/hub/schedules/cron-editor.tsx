import { createMemo, For, Show } from "solid-js";
import { cronInWords } from "./cron-words";
import { checkSchedule, type ScheduleField, withoutField } from "./schedule-check";
import { exactTime, relativeTime, timeZones } from "./when";
import "./cron-editor.css";

/** Common patterns one click away; the field takes any cron the Hub accepts. */
const PRESETS: { label: string; cron: string }[] = [
  { label: "Every hour", cron: "0 * * * *" },
  { label: "Every day at 06:00", cron: "0 6 * * *" },
  { label: "Weekdays at 06:30", cron: "30 6 * * 1-5" },
  { label: "Mondays at 08:00", cron: "0 8 * * 1" },
  { label: "First of the month", cron: "0 7 1 * *" },
];

/**
 * The cron and time zone of a schedule, checked as the person types by the Hub's own rules:
 * the expression in plain words, and its next five occurrences in the chosen zone. What the
 * Hub refused on save (its 400 `detail`) is shown at the field it names, until that field
 * changes. The zone is picked from the browser's IANA zones (typing filters them).
 */
export function CronEditor(props: {
  cron: string;
  timezone: string;
  onCron: (cron: string) => void;
  onTimezone: (zone: string) => void;
  /** The Hub's refusal of the last save, at its field. */
  refused?: { field: ScheduleField; message: string };
  now: () => Date;
}) {
  const check = createMemo(() => {
    props.now(); // each tick of the page's clock: the next runs move on with the time
    return checkSchedule(props.cron, props.timezone, new Date());
  });
  const problem = (field: ScheduleField) => {
    const c = check();
    if (!c.ok && c.field === field) return withoutField(c.message);
    if (props.refused?.field === field) return withoutField(props.refused.message);
    return undefined;
  };
  const zones = timeZones();
  const next = () => {
    const c = check();
    return c.ok ? c.next : undefined;
  };

  return (
    <fieldset class="cron-editor" data-testid="cron-editor">
      <legend>When it runs</legend>
      <fieldset class="cron-presets">
        <legend class="visually-hidden">Common patterns</legend>
        <For each={PRESETS}>
          {(preset) => (
            <button
              type="button"
              aria-pressed={props.cron.trim() === preset.cron}
              onClick={() => props.onCron(preset.cron)}
            >
              {preset.label}
            </button>
          )}
        </For>
      </fieldset>
      <div class="cron-fields">
        <label class="cron-field">
          <span>Cron expression</span>
          <input
            type="text"
            class="cron-input"
            data-testid="cron-input"
            spellcheck={false}
            autocomplete="off"
            value={props.cron}
            aria-invalid={problem("cron") !== undefined}
            aria-describedby="cron-help cron-problem"
            onInput={(e) => props.onCron(e.currentTarget.value)}
          />
          <small id="cron-help" class="cron-help">
            minute hour day month weekday (or a 6th field of seconds first), e.g. <code>30 6 * * 1-5</code>
          </small>
        </label>
        <label class="cron-field">
          <span>Time zone</span>
          <input
            type="text"
            list="cron-zones"
            data-testid="cron-timezone"
            spellcheck={false}
            autocomplete="off"
            value={props.timezone}
            aria-invalid={problem("timezone") !== undefined}
            aria-describedby="timezone-problem"
            onInput={(e) => props.onTimezone(e.currentTarget.value)}
          />
          <datalist id="cron-zones">
            <For each={zones}>{(zone) => <option value={zone} />}</For>
          </datalist>
        </label>
      </div>
      <p id="cron-problem" class="cron-problem" role="alert" data-testid="cron-problem">
        {problem("cron") ?? ""}
      </p>
      <p id="timezone-problem" class="cron-problem" role="alert" data-testid="timezone-problem">
        {problem("timezone") ?? ""}
      </p>
      <Show when={next()}>
        {(upcoming) => (
          <div class="cron-reading" aria-live="polite">
            <p class="cron-words" data-testid="cron-words">
              {cronInWords(props.cron)}
              <span class="cron-zone"> ({props.timezone.trim()})</span>
            </p>
            <Show
              when={upcoming().length > 0}
              fallback={<p data-testid="cron-next-none">It has no occurrence left: it would never run.</p>}
            >
              <p class="cron-next-title">The next five runs</p>
              <ol class="cron-next" data-testid="cron-next">
                <For each={upcoming()}>
                  {(at) => (
                    <li>
                      <time data-testid="cron-next-time" datetime={at.toISOString()}>
                        {exactTime(at, props.timezone.trim())}
                      </time>{" "}
                      <span class="cron-next-relative">{relativeTime(at, props.now())}</span>
                    </li>
                  )}
                </For>
              </ol>
            </Show>
          </div>
        )}
      </Show>
    </fieldset>
  );
}
