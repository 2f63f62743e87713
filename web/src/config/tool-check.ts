import { createEffect, createSignal, on, onCleanup } from "solid-js";
import { type ApiClient, ApiError, type ColumnInfo } from "../lib/api";
import { lineageKey, upstreamWorkflow } from "../model/lineage";
import { type Unready, unreadyTools } from "../model/setup";
import { createDebouncedTask } from "../state/debounced-task";
import type { Editor } from "../state/editor";
import { mainSocket } from "../state/tool-status";
import { type PlacedError, placeError } from "./server-error";

export interface ToolCheck {
  /** `setup`: not asked, the tool (or one upstream) needs setup first. */
  state: "checking" | "ok" | "error" | "setup";
  /** The tool's output columns (its main socket's) when the Server accepts its config. */
  columns?: ColumnInfo[];
  error?: PlacedError;
  setup?: Unready;
}

const DEBOUNCE_MS = 400;

/**
 * The Server's verdict on a tool's config, asked after each change of it or of anything
 * upstream (debounced, an older request aborted): the tool's output schema
 * (POST /api/workflow/tool/schema), or the 400 detail placed at the field it names. This is
 * what shows syntax errors of expressions inline. A tool that needs setup, or waits for one
 * upstream that does (model/setup.ts), is not asked about: it could only be refused.
 */
export function createToolCheck(editor: Editor, toolId: string, api: ApiClient): () => ToolCheck {
  const [check, setCheck] = createSignal<ToolCheck>({ state: "checking" });
  let key: string | undefined;
  let doc = editor.snapshot();
  const task = createDebouncedTask(
    (signal) => api.schema(upstreamWorkflow(doc, toolId), toolId, undefined, signal),
    {
      // The main socket's columns (a join's matches, not its first socket, the left rest), as the Schema tab shows first.
      onResult: (answer) =>
        setCheck({
          state: "ok",
          columns: answer.sockets[mainSocket(answer.sockets) ?? ""] ?? answer.columns,
        }),
      onError(err) {
        const detail = err instanceof ApiError ? err.message : `The Server did not answer (${String(err)})`;
        // Not the config's fault: the same config is asked again after the next change.
        if (!(err instanceof ApiError)) key = undefined;
        setCheck({ state: "error", error: placeError(detail, toolId) });
      },
    },
    { delayMs: DEBOUNCE_MS },
  );

  createEffect(
    on(editor.dataVersion, () => {
      const next = editor.snapshot();
      if (!next.tools.some((t) => t.id === toolId)) return;
      const nextKey = lineageKey(next, toolId);
      if (nextKey === key) return;
      key = nextKey;
      doc = next;
      const setup = unreadyTools(next).get(toolId);
      if (setup) {
        task.cancel();
        setCheck({ state: "setup", setup });
        return;
      }
      setCheck((c) => ({ ...c, state: "checking", setup: undefined }));
      task.schedule();
    }),
  );
  onCleanup(() => task.cancel());
  return check;
}
