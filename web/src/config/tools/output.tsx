import { Show } from "solid-js";
import { Checkbox, Field, SelectInput, TextInput } from "../fields/inputs";
import { PathField } from "../fields/path-field";
import { enumAt } from "../json-schema";
import { extensionOf } from "../paths";
import type { ToolContext } from "../tool-context";

interface OutputConfig {
  path: string;
  format?: string;
  options?: { delimiter?: string; include_header?: boolean; compression?: string };
  if_exists?: string;
}

const FORMAT_LABELS: Record<string, string> = {
  csv: "CSV",
  parquet: "Parquet",
  ipc: "Arrow IPC / Feather",
  json: "JSON",
  excel: "Excel workbook",
  avro: "Avro",
};
const CSV_EXTENSIONS = new Set(["csv", "tsv", "tab", "txt"]);

/** Output: the file to write (typed or chosen), its format, what to do when it exists, and format options. */
export function OutputForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<OutputConfig>();
  const options = () => config().options ?? {};
  const isCsv = () =>
    config().format === "csv" || (!config().format && CSV_EXTENSIONS.has(extensionOf(config().path ?? "")));
  const isParquet = () =>
    config().format === "parquet" || (!config().format && extensionOf(config().path ?? "") === "parquet");
  const setOption = (
    key: "delimiter" | "include_header" | "compression",
    value: string | boolean | undefined,
    gesture?: string,
  ) =>
    ctx.update<OutputConfig>((c) => {
      const next: Record<string, unknown> = { ...(c.options ?? {}) };
      if (value === undefined || value === "") delete next[key];
      else next[key] = value;
      if (Object.keys(next).length === 0) delete c.options;
      else c.options = next as OutputConfig["options"];
    }, gesture);
  const setPath = (path: string, gesture?: string) => ctx.set("path", path, gesture);

  return (
    <div class="cfg-form">
      <PathField
        id={ctx.fieldId("path")}
        label="File to write"
        mode="save"
        testid="field-path"
        value={config().path ?? ""}
        error={ctx.fieldError("path")}
        hint="Written when the workflow runs; previews never write."
        onInput={(path) => setPath(path, "path")}
        onChoose={(path) => setPath(path)}
      />
      <Field label="Format" for={ctx.fieldId("format")}>
        <SelectInput
          id={ctx.fieldId("format")}
          testid="field-format"
          value={config().format ?? ""}
          empty="Automatic (from the extension)"
          choices={enumAt(ctx.schema(), "format").map((f) => ({ value: f, label: FORMAT_LABELS[f] ?? f }))}
          onChange={(v) =>
            ctx.update<OutputConfig>((c) => {
              if (v === "") delete c.format;
              else c.format = v;
            })
          }
        />
      </Field>
      <Field label="If the file exists" for={ctx.fieldId("if_exists")}>
        <SelectInput
          id={ctx.fieldId("if_exists")}
          testid="field-if_exists"
          value={config().if_exists ?? "replace"}
          choices={enumAt(ctx.schema(), "if_exists").map((v) => ({
            value: v,
            label: v === "replace" ? "Replace it" : v === "fail" ? "Stop with an error" : v,
          }))}
          onChange={(v) =>
            ctx.update<OutputConfig>((c) => {
              if (v === "replace") delete c.if_exists;
              else c.if_exists = v;
            })
          }
        />
      </Field>
      <Show when={isCsv()}>
        <Field label="Delimiter" for={ctx.fieldId("delimiter")}>
          <TextInput
            id={ctx.fieldId("delimiter")}
            testid="field-delimiter"
            value={options().delimiter ?? ""}
            placeholder=","
            onInput={(v) => setOption("delimiter", v === "\\t" ? "\t" : v, "delimiter")}
          />
        </Field>
        <Checkbox
          id={ctx.fieldId("include_header")}
          label="Write the column names first"
          checked={options().include_header ?? true}
          onChange={(v) => setOption("include_header", v ? undefined : false)}
        />
      </Show>
      <Show when={isParquet()}>
        <Field label="Compression" for={ctx.fieldId("compression")}>
          <TextInput
            id={ctx.fieldId("compression")}
            list={ctx.fieldId("compressions")}
            value={options().compression ?? ""}
            placeholder="zstd"
            onInput={(v) => setOption("compression", v, "compression")}
          />
          <datalist id={ctx.fieldId("compressions")}>
            {["zstd", "snappy", "gzip", "lz4", "uncompressed"].map((c) => (
              <option value={c} />
            ))}
          </datalist>
        </Field>
      </Show>
    </div>
  );
}
