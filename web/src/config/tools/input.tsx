import { For, Show } from "solid-js";
import type { ToolContext } from "../tool-context";
import { type DatabaseInputConfig, DatabaseSource } from "./input-database";
import { FileSource } from "./input-file";

const DATABASE_TYPES = new Set(["postgresql", "mysql", "sqlite", "mssql"]);

/** Input: a file (path, format, reading options) or a database (connection, query or table). */
export function InputForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const isDatabase = () => DATABASE_TYPES.has(ctx.config<{ source_type?: string }>().source_type ?? "");
  function setKind(kind: string) {
    if ((kind === "database") === isDatabase()) return;
    ctx.replace(
      kind === "database" ? ({ source_type: "postgresql", query: "" } satisfies DatabaseInputConfig) : { source: "" },
    );
  }
  return (
    <div class="cfg-form">
      <fieldset class="cfg-field cfg-radios" data-testid="field-kind">
        <legend class="cfg-label">Read from</legend>
        <For each={["file", "database"]}>
          {(kind) => (
            <label>
              <input
                type="radio"
                name={ctx.fieldId("kind")}
                value={kind}
                checked={(kind === "database") === isDatabase()}
                data-testid={`field-kind-${kind}`}
                onChange={() => setKind(kind)}
              />
              {kind === "file" ? "A file" : "A database"}
            </label>
          )}
        </For>
      </fieldset>
      <Show when={isDatabase()} fallback={<FileSource ctx={ctx} />}>
        <DatabaseSource ctx={ctx} />
      </Show>
    </div>
  );
}
