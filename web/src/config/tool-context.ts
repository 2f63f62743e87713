import { createMemo, createResource, type Resource } from "solid-js";
import { unwrap } from "solid-js/store";
import type { FunctionLists } from "../lib/api";
import { useApi } from "../lib/api-context";
import { toolDef } from "../model/tools";
import type { ToolNode } from "../model/workflow";
import type { Editor } from "../state/editor";
import type { JsonSchema } from "./json-schema";
import { expressionFunctions, toolSchema } from "./server-data";
import { isAt, type PlacedError } from "./server-error";
import { createSocketColumns, type SocketColumns } from "./socket-columns";
import { createToolCheck, type ToolCheck } from "./tool-check";

/**
 * What a tool's form works with: its config (read reactively, changed through `update`,
 * which records one undo step per gesture), the columns arriving at its sockets, its type's
 * schema, the expression functions and the Server's verdict on the config.
 */
export interface ToolContext {
  readonly id: string;
  readonly type: string;
  tool(): ToolNode | undefined;
  /** The config as the store holds it (reactive; do not mutate). */
  config<C>(): C;
  /**
   * Changes the config: `fn` edits a plain copy. Calls with the same `gesture` (a field's
   * name while typing in it) make one undo step.
   */
  update<C>(fn: (draft: C) => void, gesture?: string): void;
  /** Sets one top-level key of the config; `undefined` removes it. */
  set(key: string, value: unknown, gesture?: string): void;
  /** Replaces the whole config. */
  replace(config: Record<string, unknown>, gesture?: string): void;
  /** The columns arriving at an input socket (default: the first). */
  columns(socket?: string): SocketColumns;
  schema: Resource<JsonSchema>;
  functions: Resource<FunctionLists>;
  check(): ToolCheck;
  /** Whether the config is still the one the palette gave the tool (its errors are not shown yet). */
  untouched(): boolean;
  /** The Server's error if it is about the field at `path` (a dotted config path). */
  fieldError(path: string): string | undefined;
  /** The paths the form shows errors at (those it asked `fieldError` about). */
  shownFields(): string[];
  /** A DOM id for a field of this tool's form. */
  fieldId(name: string): string;
}

export function createToolContext(editor: Editor, id: string, type: string): ToolContext {
  const def = toolDef(type);
  const sockets = type === "union" ? [] : (def?.inputs.map((s) => s.id) ?? []);
  const api = useApi();
  const columns = createSocketColumns(editor, id, sockets, api);
  const check = createToolCheck(editor, id, api);
  const [schema] = createResource(
    () => type,
    (t) => toolSchema(api, t),
  );
  const [functions] = createResource(() => expressionFunctions(api));
  const tool = () => editor.tool(id);
  const shown = new Set<string>();
  const fresh = JSON.stringify(def?.defaultConfig() ?? null);
  const untouched = createMemo(() => JSON.stringify(tool()?.config ?? null) === fresh);
  const plainConfig = () => structuredClone(unwrap(tool()?.config ?? {})) as Record<string, unknown>;
  // Forms may hand back pieces of the store (proxies); configs are JSON, so JSON makes them plain.
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

  return {
    id,
    type,
    tool,
    config: <C>() => (tool()?.config ?? {}) as C,
    update<C>(fn: (draft: C) => void, gesture?: string) {
      const draft = plainConfig();
      fn(draft as C);
      editor.setConfig(id, plain(draft), gesture);
    },
    set(key, value, gesture) {
      const draft = plainConfig();
      if (value === undefined) delete draft[key];
      else draft[key] = value;
      editor.setConfig(id, plain(draft), gesture);
    },
    replace(config, gesture) {
      editor.setConfig(id, plain(config), gesture);
    },
    columns: (socket) => columns(socket ?? sockets[0] ?? "input"),
    schema,
    functions,
    check,
    untouched,
    fieldError(path) {
      shown.add(path);
      if (untouched()) return undefined;
      const error: PlacedError | undefined = check().error;
      return isAt(error, path) ? error?.message : undefined;
    },
    shownFields: () => [...shown],
    fieldId: (name) => `cfg-${id}-${name.replace(/[^\w-]/g, "_")}`,
  };
}
