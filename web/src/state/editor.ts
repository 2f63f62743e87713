import { batch, createContext, createSignal, useContext } from "solid-js";
import { createStore, produce, reconcile, unwrap } from "solid-js/store";
import { toolDef } from "../model/tools";
import { emptyWorkflow, type Position, type ToolNode, type Wire, type WorkflowDoc } from "../model/workflow";

const HISTORY_LIMIT = 200;

export interface EditorState {
  doc: WorkflowDoc;
  /** Selected tool ids, in the order they were selected. */
  selection: string[];
  selectedWire: string | undefined;
}

/**
 * The workflow being edited and every change to it. Each change is one undo step (a drag
 * that moves tools many times is one step: `coalesce`). `dataVersion` moves only when a
 * change can alter results (a config, a wire, a tool added or removed), so live previews
 * ignore moves and selection.
 */
export function createEditor(initial: WorkflowDoc = emptyWorkflow()) {
  const [state, setState] = createStore<EditorState>({ doc: initial, selection: [], selectedWire: undefined });
  const [dataVersion, setDataVersion] = createSignal(0);
  const [historySize, setHistorySize] = createSignal({ undo: 0, redo: 0 });
  const past: WorkflowDoc[] = [];
  const future: WorkflowDoc[] = [];
  let lastCoalesce: string | undefined;

  const snapshot = () => structuredClone(unwrap(state.doc)) as WorkflowDoc;
  const syncHistory = () => setHistorySize({ undo: past.length, redo: future.length });

  /** Applies one change to the document, recorded for undo. */
  function change(fn: (doc: WorkflowDoc) => void, options: { data?: boolean; coalesce?: string } = {}) {
    if (!(options.coalesce && options.coalesce === lastCoalesce)) {
      past.push(snapshot());
      if (past.length > HISTORY_LIMIT) past.shift();
      future.length = 0;
    }
    lastCoalesce = options.coalesce;
    setState("doc", produce(fn));
    if (options.data !== false) setDataVersion((v) => v + 1);
    syncHistory();
  }

  function replaceDoc(doc: WorkflowDoc) {
    batch(() => {
      setState("doc", reconcile(doc));
      const ids = new Set(doc.tools.map((t) => t.id));
      setState("selection", (s) => s.filter((id) => ids.has(id)));
      setState("selectedWire", undefined);
      setDataVersion((v) => v + 1);
    });
  }

  function nextId(type: string): string {
    const taken = new Set(state.doc.tools.map((t) => t.id));
    for (let n = 1; ; n++) if (!taken.has(`${type}_${n}`)) return `${type}_${n}`;
  }

  const editor = {
    state,
    dataVersion,
    historySize,

    tool: (id: string): ToolNode | undefined => state.doc.tools.find((t) => t.id === id),

    /** Adds a tool of `type` at `position`; answers its id and selects it. */
    addTool(type: string, position: Position, config?: Record<string, unknown>): string {
      const def = toolDef(type);
      const id = nextId(type);
      change((doc) => {
        doc.tools.push({ id, type, config: config ?? def?.defaultConfig() ?? {}, position: { ...position } });
      });
      editor.select([id]);
      return id;
    },

    /** Moves tools by (dx, dy); calls with the same `gesture` are one undo step. */
    moveTools(ids: readonly string[], dx: number, dy: number, gesture?: string) {
      const moving = new Set(ids);
      change(
        (doc) => {
          for (const tool of doc.tools) {
            if (moving.has(tool.id)) tool.position = { x: tool.position.x + dx, y: tool.position.y + dy };
          }
        },
        { data: false, coalesce: gesture ? `move:${gesture}` : undefined },
      );
    },

    /** Places tools at given positions (tidy layout). */
    placeTools(positions: Record<string, Position>) {
      change(
        (doc) => {
          for (const tool of doc.tools) {
            const to = positions[tool.id];
            if (to) tool.position = { ...to };
          }
        },
        { data: false },
      );
    },

    /** Replaces a tool's config; typing in one field coalesces into one undo step. */
    setConfig(id: string, config: Record<string, unknown>, gesture?: string) {
      change(
        (doc) => {
          const tool = doc.tools.find((t) => t.id === id);
          if (tool) tool.config = structuredClone(config);
        },
        { coalesce: gesture ? `config:${id}:${gesture}` : undefined },
      );
    },

    setLabel(id: string, label: string) {
      change(
        (doc) => {
          const tool = doc.tools.find((t) => t.id === id);
          if (tool) tool.label = label === "" ? undefined : label;
        },
        { data: false, coalesce: `label:${id}` },
      );
    },

    setName(name: string) {
      change(
        (doc) => {
          doc.meta.name = name;
        },
        { data: false, coalesce: "name" },
      );
    },

    /**
     * Wires an output socket to an input socket. A single input socket keeps one wire (the
     * new one replaces it); a wire that would close a cycle or join a tool to itself is refused.
     */
    connect(wire: Omit<Wire, "id">): { ok: true; id: string } | { ok: false; reason: string } {
      if (wire.source === wire.target) return { ok: false, reason: "A tool cannot feed itself" };
      if (reaches(state.doc, wire.target, wire.source)) return { ok: false, reason: "That wire would make a loop" };
      const target = editor.tool(wire.target);
      const socket = toolDef(target?.type ?? "")?.inputs.find((s) => s.id === wire.target_socket);
      if (!socket) return { ok: false, reason: `No input socket "${wire.target_socket}"` };
      const id = `w_${wire.source}_${wire.source_socket}_${wire.target}_${wire.target_socket}`;
      if (state.doc.wires.some((w) => w.id === id)) return { ok: false, reason: "Already wired" };
      change((doc) => {
        if (!socket.multiple) {
          doc.wires = doc.wires.filter((w) => !(w.target === wire.target && w.target_socket === wire.target_socket));
        }
        doc.wires.push({ id, ...wire });
      });
      return { ok: true, id };
    },

    disconnect(wireId: string) {
      change((doc) => {
        doc.wires = doc.wires.filter((w) => w.id !== wireId);
      });
      if (state.selectedWire === wireId) setState("selectedWire", undefined);
    },

    /** Removes tools and their wires. */
    removeTools(ids: readonly string[]) {
      if (ids.length === 0) return;
      const gone = new Set(ids);
      change((doc) => {
        doc.tools = doc.tools.filter((t) => !gone.has(t.id));
        doc.wires = doc.wires.filter((w) => !gone.has(w.source) && !gone.has(w.target));
      });
      setState("selection", (s) => s.filter((id) => !gone.has(id)));
    },

    /** Removes what is selected: tools, or the selected wire. */
    deleteSelection() {
      if (state.selection.length > 0) editor.removeTools([...state.selection]);
      else if (state.selectedWire) editor.disconnect(state.selectedWire);
    },

    /** Copies tools and the wires between them, as JSON (for the clipboard). */
    copy(ids: readonly string[]): string {
      const picked = new Set(ids);
      const tools = state.doc.tools.filter((t) => picked.has(t.id));
      const wires = state.doc.wires.filter((w) => picked.has(w.source) && picked.has(w.target));
      return JSON.stringify({ weft: "tools", tools: unwrap(tools), wires: unwrap(wires) });
    },

    /** Pastes what `copy` gave, offset, with fresh ids; selects the pasted tools. */
    paste(text: string, offset: Position = { x: 40, y: 40 }): string[] {
      let clip: { weft?: string; tools?: ToolNode[]; wires?: Wire[] };
      try {
        clip = JSON.parse(text);
      } catch {
        return [];
      }
      if (clip.weft !== "tools" || !Array.isArray(clip.tools)) return [];
      const ids = new Map<string, string>();
      const taken = new Set(state.doc.tools.map((t) => t.id));
      for (const tool of clip.tools) {
        let n = 1;
        while (taken.has(`${tool.type}_${n}`)) n++;
        const id = `${tool.type}_${n}`;
        taken.add(id);
        ids.set(tool.id, id);
      }
      change((doc) => {
        for (const tool of clip.tools ?? []) {
          doc.tools.push({
            ...structuredClone(tool),
            id: ids.get(tool.id) as string,
            position: { x: tool.position.x + offset.x, y: tool.position.y + offset.y },
          });
        }
        for (const wire of clip.wires ?? []) {
          const source = ids.get(wire.source);
          const target = ids.get(wire.target);
          if (!source || !target) continue;
          doc.wires.push({
            ...wire,
            id: `w_${source}_${wire.source_socket}_${target}_${wire.target_socket}`,
            source,
            target,
          });
        }
      });
      const pasted = [...ids.values()];
      editor.select(pasted);
      return pasted;
    },

    select(ids: readonly string[]) {
      batch(() => {
        setState("selection", [...ids]);
        setState("selectedWire", undefined);
      });
      lastCoalesce = undefined;
    },

    toggleSelected(id: string) {
      setState("selection", (s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
    },

    selectWire(id: string | undefined) {
      batch(() => {
        setState("selectedWire", id);
        if (id) setState("selection", []);
      });
    },

    undo() {
      const previous = past.pop();
      if (!previous) return;
      future.push(snapshot());
      lastCoalesce = undefined;
      replaceDoc(previous);
      syncHistory();
    },

    redo() {
      const next = future.pop();
      if (!next) return;
      past.push(snapshot());
      lastCoalesce = undefined;
      replaceDoc(next);
      syncHistory();
    },

    /** Opens another workflow: the history starts again. */
    load(doc: WorkflowDoc) {
      past.length = 0;
      future.length = 0;
      lastCoalesce = undefined;
      replaceDoc(structuredClone(doc));
      setState("selection", []);
      syncHistory();
    },

    /** The document as plain data (for the API, saving and autosave). */
    snapshot,
  };
  return editor;
}

/** Whether `to` is reachable from `from` along wires (so from → … → to exists). */
function reaches(doc: WorkflowDoc, from: string, to: string): boolean {
  const seen = new Set<string>();
  const pending = [from];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const wire of doc.wires) if (wire.source === id) pending.push(wire.target);
  }
  return false;
}

export type Editor = ReturnType<typeof createEditor>;

const EditorContext = createContext<Editor>();
export const EditorProvider = EditorContext.Provider;

/** The editor of the page (inside <EditorProvider>). */
export function useEditor(): Editor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error("useEditor outside <EditorProvider>");
  return editor;
}
