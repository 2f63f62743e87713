import { createEffect, on, onCleanup } from "solid-js";
import { createStore } from "solid-js/store";
import { type ApiClient, ApiError, type ColumnInfo } from "../lib/api";
import { lineageKey, upstreamWorkflow } from "../model/lineage";
import { unreadyTools } from "../model/setup";
import type { WorkflowDoc } from "../model/workflow";
import { createDebouncedTask } from "../state/debounced-task";
import type { Editor } from "../state/editor";

/** The columns arriving at one input socket, as far as the panel knows them. */
export interface SocketColumns {
  /**
   * `unwired`: no wire ends at the socket; `setup`: the tool it comes from needs setup (or
   * waits for one that does: `error` says which and what); `loading`: asking (the last columns stay shown).
   */
  status: "unwired" | "setup" | "loading" | "ready" | "error";
  columns: ColumnInfo[];
  error?: string;
}

const DEBOUNCE_MS = 250;
const MEMO_LIMIT = 100;
/** Answers by lineage key, shared by all tools: going back to a tool shows its columns at once. */
const memo = new Map<string, ColumnInfo[]>();

function remember(key: string, columns: ColumnInfo[]) {
  memo.delete(key);
  memo.set(key, columns);
  if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
}

/**
 * The columns (with dtypes) arriving at each input socket of a tool: the output schema of
 * the upstream tool's socket the wire comes from (POST /api/workflow/tool/schema), which the
 * Server answers even while this tool's own config is unfinished. Asked again only when
 * something upstream changes (the lineage key), debounced; a newer request aborts the older.
 */
export function createSocketColumns(editor: Editor, toolId: string, sockets: readonly string[], api: ApiClient) {
  const [state, setState] = createStore<Record<string, SocketColumns>>(
    Object.fromEntries(sockets.map((s) => [s, { status: "loading", columns: [] } satisfies SocketColumns])),
  );
  const keys = new Map<string, string>();
  /** Per socket: the latest request's source (what the task asks for) and its debounced task. */
  const asked = new Map<string, { doc: WorkflowDoc; source: string; sourceSocket: string; key: string }>();
  const tasks = new Map(
    sockets.map((socket) => [
      socket,
      createDebouncedTask(
        (signal) => {
          const { doc, source, sourceSocket } = asked.get(socket) as NonNullable<ReturnType<typeof asked.get>>;
          return api.schema(upstreamWorkflow(doc, source), source, sourceSocket, signal);
        },
        {
          onResult(answer) {
            const key = asked.get(socket)?.key;
            if (key) remember(key, answer.columns);
            setState(socket, { status: "ready", columns: answer.columns, error: undefined });
          },
          onError(err) {
            keys.delete(socket); // ask again on the next change
            const message = err instanceof ApiError ? err.message : `The Server did not answer (${String(err)})`;
            setState(socket, { status: "error", columns: [], error: message });
          },
        },
        { delayMs: DEBOUNCE_MS },
      ),
    ]),
  );
  const cancel = (socket: string) => tasks.get(socket)?.cancel();

  function refresh(socket: string) {
    const doc = editor.snapshot();
    const wire = doc.wires.find((w) => w.target === toolId && w.target_socket === socket);
    if (!wire) {
      cancel(socket);
      keys.delete(socket);
      setState(socket, { status: "unwired", columns: [], error: undefined });
      return;
    }
    const setup = unreadyTools(doc).get(wire.source);
    if (setup) {
      cancel(socket);
      keys.delete(socket);
      setState(socket, { status: "setup", columns: [], error: `${setup.tool} needs setup: ${setup.need}` });
      return;
    }
    const key = `${lineageKey(doc, wire.source)}|${wire.source}|${wire.source_socket}`;
    if (keys.get(socket) === key) return;
    keys.set(socket, key);
    cancel(socket);
    const known = memo.get(key);
    if (known) {
      setState(socket, { status: "ready", columns: known, error: undefined });
      return;
    }
    setState(socket, "status", "loading");
    asked.set(socket, { doc, source: wire.source, sourceSocket: wire.source_socket, key });
    tasks.get(socket)?.schedule();
  }

  createEffect(on(editor.dataVersion, () => sockets.forEach(refresh)));
  onCleanup(() => sockets.forEach(cancel));

  return (socket: string): SocketColumns => state[socket] ?? { status: "unwired", columns: [] };
}
