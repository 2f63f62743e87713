import { type Accessor, createContext, createSignal, onCleanup, useContext } from "solid-js";
import type { HubClient } from "../lib/hub-api";
import type { WorkflowDoc } from "../model/workflow";
import { createExecutionFeed, type ExecutionFeed } from "./live/execution-feed";

/** The areas of the Hub's app (hub.md "What the service does"); areas.ts says who sees which. */
export const HUB_AREAS = [
  "home",
  "designer",
  "workflows",
  "executions",
  "schedules",
  "dashboard",
  "activity",
  "audit",
  "servers",
  "users",
  "groups",
  "grant-groups",
  "connections",
  "settings",
] as const;
export type HubArea = (typeof HUB_AREAS)[number];

/** Where the app is: an area, and in it one thing (an execution, a workflow) when one is open. */
export interface HubRoute {
  area: HubArea;
  id?: string;
}

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
 * What the Hub's areas share: where the app is (kept in the address's #fragment, so a reload,
 * a link and the Back button work), the Hub client, the live execution feed, and the Hub
 * workflow the designer holds. The Workflows page does not reach into the designer's editor:
 * it leaves an open request here, and the designer (which asks about unsaved changes) takes it.
 */
export interface HubWorkspace {
  hub: HubClient;
  feed: ExecutionFeed;
  route: Accessor<HubRoute>;
  area: Accessor<HubArea>;
  /** Goes to an area (and one thing in it), as a new entry of the browser's history. */
  show(area: HubArea, id?: string): void;
  current: Accessor<HubWorkflowRef | undefined>;
  setCurrent(ref: HubWorkflowRef | undefined): void;
  pendingOpen: Accessor<HubOpenRequest | undefined>;
  requestOpen(request: HubOpenRequest | undefined): void;
}

/** `#/executions/abc` → { area: "executions", id: "abc" }; anything else is Home. */
export function parseRoute(hash: string): HubRoute {
  const [area, ...rest] = hash.replace(/^#\/?/, "").split("/");
  const known = HUB_AREAS.find((a) => a === area) ?? "home";
  const id = known === area && rest.length > 0 && rest[0] ? decodeURIComponent(rest.join("/")) : undefined;
  return id === undefined ? { area: known } : { area: known, id };
}

export function routeHash(route: HubRoute): string {
  return `#/${route.area}${route.id === undefined ? "" : `/${encodeURIComponent(route.id)}`}`;
}

/** Call inside a component (the app): it follows the browser's Back and Forward while mounted. */
export function createHubWorkspace(hub: HubClient): HubWorkspace {
  const [route, setRoute] = createSignal<HubRoute>(parseRoute(location.hash));
  const [current, setCurrent] = createSignal<HubWorkflowRef>();
  const [pendingOpen, requestOpen] = createSignal<HubOpenRequest>();
  const follow = () => setRoute(parseRoute(location.hash));
  window.addEventListener("popstate", follow);
  onCleanup(() => window.removeEventListener("popstate", follow));
  const show = (area: HubArea, id?: string) => {
    const next: HubRoute = id === undefined ? { area } : { area, id };
    const hash = routeHash(next);
    if (location.hash !== hash) history.pushState(null, "", hash);
    setRoute(next);
  };
  return {
    hub,
    feed: createExecutionFeed(hub),
    route,
    area: () => route().area,
    show,
    current,
    setCurrent,
    pendingOpen,
    requestOpen,
  };
}

const HubWorkspaceContext = createContext<HubWorkspace>();

/** Given by the Hub's app (hub-app.tsx); absent in `server` mode. */
export const HubWorkspaceProvider = HubWorkspaceContext.Provider;

/** The Hub's shared state, or undefined when no Hub serves this page. */
export function useHubWorkspace(): HubWorkspace | undefined {
  return useContext(HubWorkspaceContext);
}
