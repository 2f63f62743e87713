import { createEffect, createResource, createSignal, on, onCleanup, Show } from "solid-js";
import { ApiError, type DatasourceInspect, type ReadOptions } from "../../lib/api";
import { useApi } from "../../lib/api-context";
import { createDebouncedTask } from "../../state/debounced-task";
import { Checkbox, Field, NumberInput, SelectInput, TextInput } from "../fields/inputs";
import { PathField } from "../fields/path-field";
import { enumsByBranch } from "../json-schema";
import { extensionOf } from "../paths";
import { readableExtensions } from "../server-data";
import type { ToolContext } from "../tool-context";

interface FileInputConfig {
  source: string;
  source_type?: string;
  options?: ReadOptions;
}

const FORMAT_LABELS: Record<string, string> = {
  csv: "CSV / delimited text",
  excel: "Excel workbook",
  ods: "OpenDocument spreadsheet",
  ipc: "Arrow IPC / Feather",
  json: "JSON / JSON lines",
  parquet: "Parquet",
  avro: "Avro",
  qvd: "QlikView QVD",
  yxdb: "Alteryx YXDB",
};
/** Where the Server has not told the format yet, the extensions that decide which options apply. */
const TEXT_EXTENSIONS = new Set(["csv", "tsv", "tab", "txt"]);
const SHEET_EXTENSIONS = new Set(["xlsx", "xls", "xlsb", "ods"]);
const ENCODINGS = ["utf8", "utf8-lossy", "windows-1252", "latin1", "utf-16"];
const INSPECT_DEBOUNCE_MS = 400;

/** The file part of the Input form: path (typed or browsed), format, and the options of that format. */
export function FileSource(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<FileInputConfig>();
  const options = () => config().options ?? {};
  const api = useApi();
  const [extensions] = createResource(() => readableExtensions(api));
  const [inspect, setInspect] = createSignal<{ result?: DatasourceInspect; error?: string }>({});

  // What the Server reads in the file: its format, columns, rows and sheets (debounced).
  const inspectTask = createDebouncedTask(
    (signal) => {
      const { source = "", source_type, options: opts } = config();
      const body = { source, source_type, config: opts ? JSON.parse(JSON.stringify(opts)) : undefined };
      return api.datasourceInspect(body, signal);
    },
    {
      onResult: (result) => setInspect({ result }),
      onError: (err) => setInspect({ error: err instanceof ApiError ? err.message : String(err) }),
    },
    { delayMs: INSPECT_DEBOUNCE_MS },
  );
  createEffect(
    on(
      () => JSON.stringify([config().source, config().source_type, config().options ?? {}]),
      () => {
        if (config().source) return inspectTask.schedule();
        inspectTask.cancel();
        setInspect({});
      },
    ),
  );
  onCleanup(() => inspectTask.cancel());

  const format = () => config().source_type ?? inspect().result?.source_type;
  const ext = () => extensionOf(config().source ?? "");
  const isText = () => format() === "csv" || (!format() && TEXT_EXTENSIONS.has(ext()));
  const hasSheets = () => format() === "excel" || format() === "ods" || (!format() && SHEET_EXTENSIONS.has(ext()));

  const setOption = <K extends keyof ReadOptions>(key: K, value: ReadOptions[K] | undefined, gesture?: string) =>
    ctx.update<FileInputConfig>((c) => {
      const next: ReadOptions = { ...(c.options ?? {}) };
      if (value === undefined || value === "") delete next[key];
      else next[key] = value;
      if (Object.keys(next).length === 0) delete c.options;
      else c.options = next;
    }, gesture);

  const setSource = (path: string, gesture?: string) => ctx.set("source", path, gesture);

  return (
    <>
      <PathField
        id={ctx.fieldId("source")}
        label="File"
        mode="open"
        testid="field-source"
        value={config().source ?? ""}
        extensions={extensions()}
        error={ctx.fieldError("source")}
        onInput={(path) => setSource(path, "source")}
        onChoose={(path) => setSource(path)}
      />
      <Show when={inspect().result}>
        {(found) => (
          <p class="cfg-notice muted" data-testid="input-detected" aria-live="polite">
            {FORMAT_LABELS[found().source_type] ?? found().source_type} · {found().data_schema.columns.length} columns
            {found().data_schema.total_rows >= 0 ? ` · ${found().data_schema.total_rows.toLocaleString()} rows` : ""}
          </p>
        )}
      </Show>
      <Show when={inspect().error}>
        <p class="cfg-notice bad" role="alert" data-testid="input-inspect-error">
          {inspect().error}
        </p>
      </Show>
      <Field label="Format" for={ctx.fieldId("source_type")}>
        <SelectInput
          id={ctx.fieldId("source_type")}
          testid="field-source_type"
          value={config().source_type ?? ""}
          empty="Automatic (from the file)"
          choices={(enumsByBranch(ctx.schema(), "source_type")[0] ?? []).map((t) => ({
            value: t,
            label: FORMAT_LABELS[t] ?? t,
          }))}
          onChange={(v) =>
            ctx.update<FileInputConfig>((c) => {
              if (v === "") delete c.source_type;
              else c.source_type = v;
            })
          }
        />
      </Field>
      <details class="cfg-details" open={Object.keys(options()).length > 0}>
        <summary>Reading options</summary>
        <Show when={isText()}>
          <div class="cfg-grid2">
            <label class="cfg-label" for={ctx.fieldId("delimiter")}>
              Delimiter
            </label>
            <TextInput
              id={ctx.fieldId("delimiter")}
              testid="field-delimiter"
              value={options().delimiter ?? ""}
              placeholder=", (\t for tab)"
              onInput={(v) => setOption("delimiter", v === "\\t" ? "\t" : v, "delimiter")}
            />
            <label class="cfg-label" for={ctx.fieldId("quote_char")}>
              Quote character
            </label>
            <TextInput
              id={ctx.fieldId("quote_char")}
              value={options().quote_char ?? ""}
              placeholder='"'
              onInput={(v) => setOption("quote_char", v, "quote_char")}
            />
            <label class="cfg-label" for={ctx.fieldId("encoding")}>
              Encoding
            </label>
            <TextInput
              id={ctx.fieldId("encoding")}
              testid="field-encoding"
              list={ctx.fieldId("encodings")}
              value={options().encoding ?? ""}
              placeholder="utf8"
              onInput={(v) => setOption("encoding", v, "encoding")}
            />
            <label class="cfg-label" for={ctx.fieldId("infer_schema_length")}>
              Rows read to guess types
            </label>
            <NumberInput
              id={ctx.fieldId("infer_schema_length")}
              min={0}
              value={options().infer_schema_length}
              placeholder="100"
              onInput={(v) => setOption("infer_schema_length", v, "infer_schema_length")}
            />
          </div>
          <datalist id={ctx.fieldId("encodings")}>
            {ENCODINGS.map((e) => (
              <option value={e} />
            ))}
          </datalist>
          <Checkbox
            id={ctx.fieldId("parse_dates")}
            label="Read ISO dates as dates"
            checked={options().parse_dates ?? false}
            onChange={(v) => setOption("parse_dates", v || undefined)}
          />
        </Show>
        <Show when={hasSheets()}>
          <Field label="Sheet" for={ctx.fieldId("sheet")} hint="A name, or a number counting from 0">
            <TextInput
              id={ctx.fieldId("sheet")}
              testid="field-sheet"
              list={ctx.fieldId("sheets")}
              value={options().sheet === undefined ? "" : String(options().sheet)}
              placeholder={inspect().result?.sheets?.[0] ?? "the first sheet"}
              onInput={(v) => setOption("sheet", /^\d+$/.test(v) ? Number(v) : v, "sheet")}
            />
            <datalist id={ctx.fieldId("sheets")}>
              {(inspect().result?.sheets ?? []).map((s) => (
                <option value={s} />
              ))}
            </datalist>
          </Field>
        </Show>
        <Show when={isText() || hasSheets()} fallback={<p class="cfg-hint">This format has no reading options.</p>}>
          <div class="cfg-grid2">
            <label class="cfg-label" for={ctx.fieldId("skip_rows")}>
              Skip rows at the top
            </label>
            <NumberInput
              id={ctx.fieldId("skip_rows")}
              testid="field-skip_rows"
              min={0}
              value={options().skip_rows}
              placeholder="0"
              onInput={(v) => setOption("skip_rows", v, "skip_rows")}
            />
          </div>
          <Checkbox
            id={ctx.fieldId("has_header")}
            testid="field-has_header"
            label="The first row holds the column names"
            checked={options().has_header ?? true}
            onChange={(v) => setOption("has_header", v ? undefined : false)}
          />
        </Show>
      </details>
    </>
  );
}
