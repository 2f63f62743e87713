import { expect, test } from "bun:test";
import { resolve } from "node:path";
import { ValidationError } from "../../shared/errors";
import { whatRequestAsks } from "./asked";

const wf = (tools: unknown[]) => ({ workflow: { meta: { workflow_id: "w" }, tools, wires: [] } });
const input = (config: object) => ({ id: "i", type: "input", config });
const output = (path: string) => ({ id: "o", type: "output", config: { path } });

test.each<[string, string, string, Record<string, string>, unknown, object]>([
  [
    "a preview: the Input's file and Hub connection, no write",
    "POST",
    "/api/workflow/tool/execute",
    {},
    wf([input({ source: "/d/a.csv" }), input({ source_type: "postgresql", connection_id: "c1" }), output("/d/o.csv")]),
    { connection_ids: ["c1"], paths: ["/d/a.csv"], write_paths: [] },
  ],
  [
    "a full run asks the Outputs' writes",
    "POST",
    "/api/workflow/execute",
    {},
    wf([input({ source: "/d/a.csv" }), output("/d/o.csv")]),
    { connection_ids: [], paths: ["/d/a.csv"], write_paths: ["/d/o.csv"] },
  ],
  [
    "a relative source is asked as the Server would open it",
    "POST",
    "/api/workflow/preview_all",
    {},
    wf([input({ source: "a.csv" }), input({ source: "a.csv" })]),
    { connection_ids: [], paths: [resolve("a.csv")], write_paths: [] },
  ],
  [
    "a data-source database",
    "POST",
    "/api/datasource/preview",
    {},
    { source_type: "mysql", config: { connection_id: "c2", table: "t" } },
    { connection_ids: ["c2"], paths: [], write_paths: [] },
  ],
  [
    "a data-source file",
    "POST",
    "/api/datasource/inspect",
    {},
    { source: "/d/b.parquet" },
    { connection_ids: [], paths: ["/d/b.parquet"], write_paths: [] },
  ],
  [
    "a file listing",
    "GET",
    "/api/files/list",
    { path: "/d" },
    undefined,
    { connection_ids: [], paths: ["/d"], write_paths: [] },
  ],
  [
    "a saved workflow file is a write",
    "PUT",
    "/api/files/workflow",
    {},
    { path: "/d/x.weft.json" },
    { connection_ids: [], paths: [], write_paths: ["/d/x.weft.json"] },
  ],
  [
    "the roots: nothing asked",
    "GET",
    "/api/files/roots",
    {},
    undefined,
    { connection_ids: [], paths: [], write_paths: [] },
  ],
  [
    "the cache: nothing asked",
    "POST",
    "/api/cache/clear",
    {},
    { workflow_id: "w" },
    { connection_ids: [], paths: [], write_paths: [] },
  ],
])("%s", (_name, method, path, query, body, want) => {
  expect(whatRequestAsks(method, path, query, body)).toEqual(want as never);
});

test.each([
  [
    "/api/workflow/tool/execute",
    wf([input({ source_type: "postgresql", connection: { uri: "postgresql://u:p@h/d" } })]),
  ],
  ["/api/datasource/preview", { source_type: "postgresql", config: { connection: { uri: "postgresql://u:p@h/d" } } }],
])("a client connection URI is refused (%s)", (path, body) => {
  expect(() => whatRequestAsks("POST", path, {}, body)).toThrow(ValidationError);
});
