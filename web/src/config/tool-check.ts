import { createEffect, createSignal, on, onCleanup } from "solid-js";
import { ApiError, api, type ColumnInfo } from "../lib/api";
import type { Editor } from "../state/editor";
import { lineageKey, upstreamWorkflow } from "./lineage";
import { type PlacedError, placeError } from "./server-error";

export interface ToolCheck {
  state: "checking" | "ok" | "error";
  /** The tool's output columns when the Server accepts its config. */
  columns?: ColumnInfo[];
  error?: PlacedError;
}

const DEBOUNCE_MS = 400;

/**
 * The Server's verdict on a tool's config, asked after each change of it or of anything
 * upstream (debounced, an older request aborted): the tool's output schema
 * (POST /api/workflow/tool/schema), or the 400 detail placed at the field it names. This is
 * what shows syntax errors of expressions inline.
 */
export function createToolCheck(editor: Editor, toolId: string): () => ToolCheck {
  const [check, setCheck] = createSignal<ToolCheck>({ state: "checking" });
  let key: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const cancel = () => {
    clearTimeout(timer);
    controller?.abort();
    controller = undefined;
  };

  createEffect(
    on(editor.dataVersion, () => {
      const doc = editor.snapshot();
      if (!doc.tools.some((t) => t.id === toolId)) return;
      const next = lineageKey(doc, toolId);
      if (next === key) return;
      key = next;
      cancel();
      setCheck((c) => ({ ...c, state: "checking" }));
      timer = setTimeout(async () => {
        const mine = new AbortController();
        controller = mine;
        try {
          const answer = await api.schema(upstreamWorkflow(doc, toolId), toolId, undefined, mine.signal);
          setCheck({ state: "ok", columns: answer.columns });
        } catch (err) {
          if (mine.signal.aborted) return;
          const detail = err instanceof ApiError ? err.message : `The Server did not answer (${String(err)})`;
          if (!(err instanceof ApiError)) key = undefined;
          setCheck({ state: "error", error: placeError(detail, toolId) });
        }
      }, DEBOUNCE_MS);
    }),
  );
  onCleanup(cancel);
  return check;
}
