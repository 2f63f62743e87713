import { type Accessor, createContext, createSignal, useContext } from "solid-js";
import type { HubClient } from "../lib/hub-api";
import type { WorkflowDoc } from "../model/workflow";

/** The areas of the Hub's app the shell switches between (more come: Home, Executions…). */
export type HubArea = "designer" | "workflows";

/** The Hub workflow the designer holds: saving stores a new revision of it. */
export interface HubWorkflowRef {
  id: string;
  name: string;
  /** The revision the designer's document was opened from or last saved as. */
  revision: number;
}

/** A Hub workflow the Workflows page asked the designer to open. */
export interface HubOpenRequest {
  ref: HubWorkflowRef;
  doc: WorkflowDoc;
}

/**
 * What the Hub's areas share: which one is shown, the Hub client, and the Hub workflow the
 * designer holds. The Workflows page does not reach into the designer's editor: it leaves an
 * open request here, and the designer (which asks about unsaved changes) takes it.
 */
export interface HubWorkspace {
  hub: HubClient;
  area: Accessor<HubArea>;
  show(area: HubArea): void;
  current: Accessor<HubWorkflowRef | undefined>;
  setCurrent(ref: HubWorkflowRef | undefined): void;
  pendingOpen: Accessor<HubOpenRequest | undefined>;
  requestOpen(request: HubOpenRequest | undefined): void;
}

export function createHubWorkspace(hub: HubClient): HubWorkspace {
  const [area, show] = createSignal<HubArea>("designer");
  const [current, setCurrent] = createSignal<HubWorkflowRef>();
  const [pendingOpen, requestOpen] = createSignal<HubOpenRequest>();
  return { hub, area, show, current, setCurrent, pendingOpen, requestOpen };
}

const HubWorkspaceContext = createContext<HubWorkspace>();

/** Given by the Hub's app (hub-app.tsx); absent in `server` mode. */
export const HubWorkspaceProvider = HubWorkspaceContext.Provider;

/** The Hub's shared state, or undefined when no Hub serves this page. */
export function useHubWorkspace(): HubWorkspace | undefined {
  return useContext(HubWorkspaceContext);
}
