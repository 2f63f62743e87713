import type { ToolNode, Wire, Workflow } from "../../src/shared/workflow";
import { HUB_PREFIX, type HubTestApp } from "./api-scenario";

/** A tool of a stored workflow, placed on the canvas. */
export function placed(id: string, type: string, config: Record<string, unknown>, x = 0, y = 0): ToolNode {
  return { id, type, config, position: { x, y } };
}

/** A wire `source:socket -> target:socket` (sockets default to output / input). */
export function wire(from: string, to: string): Wire {
  const [source = "", source_socket = "output"] = from.split(":");
  const [target = "", target_socket = "input"] = to.split(":");
  return { source, source_socket, target, target_socket };
}

/** A valid workflow of an Input feeding an Output, as the designer saves one. */
export function smallWorkflow(workflowId = "hub-sample"): Workflow {
  return {
    meta: { workflow_id: workflowId, name: "Sample" },
    tools: [placed("in", "input", { source: "sales.csv" }, 0, 0), placed("out", "output", { path: "out.csv" }, 300, 0)],
    wires: [wire("in", "out")],
  };
}

/** Stores a workflow as `as` through the API and answers its id. */
export async function createWorkflow(
  hub: HubTestApp,
  as: Parameters<HubTestApp["request"]>[0],
  name = "sample",
  content: unknown = smallWorkflow(),
): Promise<string> {
  const res = await hub.request(as, "POST", "/workflows", { name, content });
  if (res.status !== 201) throw new Error(`creating a workflow answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** A request to the test Hub with any session token (an account beyond the one per role). */
export function requestWithToken(
  hub: HubTestApp,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return Promise.resolve(
    hub.app.request(`${HUB_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** The diff of two revisions that do not differ (GET /workflows/{id}/diff). */
export const EMPTY_DIFF = {
  tools_added: [],
  tools_removed: [],
  tools_changed: [],
  tools_moved: [],
  wires_added: [],
  wires_removed: [],
};
