import { createResource, For, Show } from "solid-js";
import { hasUriSecret } from "../../../../src/shared/uri-secrets";
import { type ConnectionChoices, useGrantedDatabases } from "../../hub/designer/granted-connections";
import type { ApiClient } from "../../lib/api";
import { useApi } from "../../lib/api-context";
import { Field, SelectInput, TextInput } from "../fields/inputs";
import { enumsByBranch } from "../json-schema";
import { listConnections } from "../server-data";
import type { ToolContext } from "../tool-context";

export interface DatabaseInputConfig {
  source_type: string;
  connection_id?: string;
  connection?: { uri: string };
  query?: string;
  table?: string;
}

const TYPE_LABELS: Record<string, string> = {
  postgresql: "PostgreSQL",
  mysql: "MySQL / MariaDB",
  sqlite: "SQLite",
  mssql: "SQL Server",
};
const URI_EXAMPLES: Record<string, string> = {
  postgresql: "postgresql://user:password@host:5432/database",
  mysql: "mysql://user:password@host:3306/database",
  sqlite: "sqlite:///absolute/path/to/file.db",
  mssql: "mssql://user:password@host:1433/database",
};
const USE_URI = "__uri__";

/** The Server's stored connections as the form offers them (`server` mode). */
async function serverChoices(api: ApiClient): Promise<ConnectionChoices> {
  const { connections, note } = await listConnections(api);
  const choices = connections.map((c) => ({
    id: c.id,
    name: c.name,
    sourceType: c.type,
    detail: c.host || c.database,
  }));
  return note === undefined ? { connections: choices } : { connections: choices, note };
}

/** The database part of the Input form: type, a stored connection or a URI, and a read-only query or a table. */
export function DatabaseSource(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<DatabaseInputConfig>();
  const api = useApi();
  // Hub mode: the Hub connections granted to the person, of any kind (choosing one sets the
  // kind), and no URI (the Server takes credentials from the Hub only).
  const granted = useGrantedDatabases();
  const [stored] = createResource(() => (granted ? granted() : serverChoices(api)));
  const matching = () => (stored()?.connections ?? []).filter((c) => granted || c.sourceType === config().source_type);
  const connectionChoice = () => (config().connection ? USE_URI : (config().connection_id ?? ""));
  /** A connection the workflow names that is not offered (not granted, or gone), so the field still says it. */
  const unlisted = () => {
    const id = config().connection_id;
    return id && stored() && !matching().some((c) => c.id === id)
      ? [{ value: id, label: `${id} (not available)` }]
      : [];
  };
  const readsTable = () => config().table !== undefined;

  return (
    <>
      <Field label="Database" for={ctx.fieldId("source_type")}>
        <SelectInput
          id={ctx.fieldId("source_type")}
          testid="field-source_type"
          value={config().source_type}
          choices={(enumsByBranch(ctx.schema(), "source_type")[1] ?? []).map((t) => ({
            value: t,
            label: TYPE_LABELS[t] ?? t,
          }))}
          onChange={(v) =>
            ctx.update<DatabaseInputConfig>((c) => {
              c.source_type = v;
              delete c.connection_id; // a stored connection is of one type
            })
          }
        />
      </Field>
      <Field
        label="Connection"
        for={ctx.fieldId("connection_id")}
        hint={stored()?.note && (granted ? stored()?.note : `Stored connections are unavailable: ${stored()?.note}`)}
      >
        <SelectInput
          id={ctx.fieldId("connection_id")}
          testid="field-connection_id"
          value={connectionChoice()}
          empty="Choose a connection…"
          choices={[
            ...matching().map((c) => ({
              value: c.id,
              label: granted
                ? `${c.name} (${TYPE_LABELS[c.sourceType] ?? c.sourceType} · ${c.detail})`
                : `${c.name} (${c.detail})`,
            })),
            ...unlisted(),
            ...(granted ? [] : [{ value: USE_URI, label: "A connection URI…" }]),
          ]}
          onChange={(v) =>
            ctx.update<DatabaseInputConfig>((c) => {
              if (v === USE_URI) {
                delete c.connection_id;
                c.connection = { uri: c.connection?.uri ?? "" };
              } else {
                delete c.connection;
                if (v === "") delete c.connection_id;
                else c.connection_id = v;
                const kind = matching().find((m) => m.id === v)?.sourceType;
                if (kind) c.source_type = kind;
              }
            })
          }
        />
      </Field>
      <Show when={config().connection}>
        <Field
          label="Connection URI"
          for={ctx.fieldId("uri")}
          error={ctx.fieldError("connection")}
          hint={
            hasUriSecret(config().connection?.uri ?? "")
              ? "The workflow file keeps this password as typed; a stored connection keeps it encrypted on the Server."
              : undefined
          }
        >
          <TextInput
            id={ctx.fieldId("uri")}
            testid="field-uri"
            mono
            value={config().connection?.uri ?? ""}
            placeholder={URI_EXAMPLES[config().source_type] ?? ""}
            onInput={(uri) => ctx.set("connection", { uri }, "uri")}
          />
        </Field>
      </Show>
      <fieldset class="cfg-field cfg-radios" data-testid="field-read">
        <legend class="cfg-label">Read</legend>
        <For each={["query", "table"]}>
          {(what) => (
            <label>
              <input
                type="radio"
                name={ctx.fieldId("read")}
                checked={(what === "table") === readsTable()}
                onChange={() =>
                  ctx.update<DatabaseInputConfig>((c) => {
                    if (what === "table") {
                      delete c.query;
                      c.table = "";
                    } else {
                      delete c.table;
                      c.query = "";
                    }
                  })
                }
              />
              {what === "query" ? "A query" : "A table"}
            </label>
          )}
        </For>
      </fieldset>
      <Show
        when={readsTable()}
        fallback={
          <Field label="Query (read-only SQL)" for={ctx.fieldId("query")} error={ctx.fieldError("query")}>
            <textarea
              id={ctx.fieldId("query")}
              class="cfg-input mono"
              data-testid="field-query"
              rows={5}
              spellcheck={false}
              placeholder="SELECT * FROM sales WHERE year = 2024"
              value={config().query ?? ""}
              onInput={(e) => {
                const query = e.currentTarget.value;
                ctx.set("query", query, "query");
              }}
            />
          </Field>
        }
      >
        <Field
          label="Table"
          for={ctx.fieldId("table")}
          hint="schema.table where needed"
          error={ctx.fieldError("table")}
        >
          <TextInput
            id={ctx.fieldId("table")}
            testid="field-table"
            mono
            value={config().table ?? ""}
            placeholder="sales"
            onInput={(table) => ctx.set("table", table, "table")}
          />
        </Field>
      </Show>
    </>
  );
}
