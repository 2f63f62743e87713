import { HUB_DISPATCH_HEADER, signDispatch } from "../../shared/hub-dispatch";
import { createCapabilitiesService } from "../capabilities/service";
import type { SessionUser } from "../guards";
import type { RunnerDeps } from "./runner";
import { readRunLines, type ServerRunLine, type ServerRunResult } from "./server-stream";

/**
 * The runner's calls to a Server (the Hub's side of its API, never its code): the streaming
 * execute and the code generation, each with a capability token of its own as bearer (one
 * token, one request), and signed as the Hub's dispatch (shared/hub-dispatch.ts): the
 * Server's rate limit, which counts requests per address before it knows who sends them,
 * counts these apart, or one Hub would get one execution a second per Server.
 */

const EXECUTE_PATH = "/api/workflow/execute";
const PREVIEW_CODE_PATH = "/api/workflow/preview_code";

/** The X-Weft-Hub-Dispatch header of a POST to `path` with `token`, signed at the Hub's clock. */
async function dispatchHeader(deps: RunnerDeps, path: string, token: string): Promise<Record<string, string>> {
  const key = await deps.dispatchKey();
  const value = await signDispatch(key.privateKey, { method: "POST", path, token }, deps.clock().getTime());
  return { [HUB_DISPATCH_HEADER]: value };
}

/** A Server answer that ends the run as failed, with what to tell the user. */
export class RunFailed extends Error {}

/** Calls the Server's streaming execute and answers its result line; an error line or status throws. */
export async function execute(
  deps: RunnerDeps,
  server: { token: string; endpoint: string },
  content: unknown,
  signal: AbortSignal,
  onLine: (line: Exclude<ServerRunLine, { event: "result" | "error" }>) => Promise<void>,
): Promise<ServerRunResult> {
  const res = await deps.executions.fetch(`${server.endpoint.replace(/\/+$/, "")}${EXECUTE_PATH}`, {
    method: "POST",
    headers: {
      ...(await dispatchHeader(deps, EXECUTE_PATH, server.token)),
      Authorization: `Bearer ${server.token}`,
      "Content-Type": "application/json",
      Accept: "application/x-ndjson",
    },
    body: JSON.stringify({ workflow: content, force_refresh: true, cancel_on_disconnect: true }),
    signal,
  });
  if (!res.ok || !res.body) throw new RunFailed(await serverRefusal(res));
  for await (const line of readRunLines(res.body)) {
    if (line.event === "result") return line;
    if (line.event === "error") throw new RunFailed(`${line.detail} (Server status ${line.status})`);
    await onLine(line);
  }
  throw new RunFailed("The Server's answer ended without a result");
}

async function serverRefusal(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  let detail = text.slice(0, 500);
  try {
    detail = String((JSON.parse(text) as { detail?: unknown }).detail ?? detail);
  } catch {
    // not JSON: the text as it came
  }
  return `The Server refused the run (${res.status}): ${detail}`;
}

/** The Python the Server generates for the workflow (its code generation route, with a token of its own). */
export async function generatedCode(deps: RunnerDeps, user: SessionUser, content: unknown, signal: AbortSignal) {
  const issued = await createCapabilitiesService(deps).issue(user);
  const res = await deps.executions.fetch(`${issued.endpoint.replace(/\/+$/, "")}${PREVIEW_CODE_PATH}`, {
    method: "POST",
    headers: {
      ...(await dispatchHeader(deps, PREVIEW_CODE_PATH, issued.token)),
      Authorization: `Bearer ${issued.token}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ workflow: content }),
    signal,
  });
  if (!res.ok) throw new Error(await serverRefusal(res));
  return String(((await res.json()) as { code?: unknown }).code ?? "");
}
