import { createContext, useContext } from "solid-js";
import type { ExecuteResult, PreviewData, ProfileResult } from "../lib/api";
import type { Editor } from "./editor";

/** How a tool stands after the last refresh or run (what its badge on the canvas shows). */
export type ToolStatus =
  | { state: "idle" }
  | { state: "running" }
  | { state: "ok"; rows?: number; cached: boolean; durationMs?: number }
  | { state: "error"; message: string; status: number };

/**
 * Live feedback for the workflow being edited (issue 8, point 3): previews and schemas
 * refreshed after every data change (debounced, superseded requests cancelled), each tool's
 * status, profiles on demand, and full runs. STUB: the interface the canvas, the results
 * pane and the toolbar use; filled by the live-feedback work.
 */
export interface Live {
  status(toolId: string): ToolStatus;
  /** The last previews of a tool, per output socket. */
  previews(toolId: string): Record<string, PreviewData> | undefined;
  /** Asks for a profile of a tool's socket (full data). */
  profile(toolId: string, socketId: string): Promise<ProfileResult>;
  /** Runs the whole workflow (writes outputs); per-tool progress shows in `status`. */
  run(): Promise<ExecuteResult | undefined>;
  running(): boolean;
  lastRun(): ExecuteResult | undefined;
  /** Refreshes now (after a load, or on demand). */
  refresh(): void;
}

export function createLive(_editor: Editor): Live {
  return {
    status: () => ({ state: "idle" }),
    previews: () => undefined,
    profile: () => Promise.reject(new Error("not built yet")),
    run: async () => undefined,
    running: () => false,
    lastRun: () => undefined,
    refresh: () => undefined,
  };
}

const LiveContext = createContext<Live>();
export const LiveProvider = LiveContext.Provider;

export function useLive(): Live {
  const live = useContext(LiveContext);
  if (!live) throw new Error("useLive outside <LiveProvider>");
  return live;
}
