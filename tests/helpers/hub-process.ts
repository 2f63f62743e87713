import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type StartedProcess, startProcess } from "./process";

/** The source entry of the `weft` executable. */
export const WEFT_MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

/**
 * Real `weft` processes a suite starts, and the folders it makes: `stopAll` (afterAll)
 * SIGKILLs every one still alive, waits for them to exit and removes the folders, whatever
 * the test did.
 */
export function weftProcesses() {
  const procs: StartedProcess[] = [];
  const dirs: string[] = [];
  return {
    /** A fresh folder, removed by stopAll. */
    folder(prefix = "weft-proc-"): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    /** Starts `weft <args>` with `env` (PATH is added) and waits for its "is running at" line. */
    async start(args: string[], env: Record<string, string>): Promise<StartedProcess> {
      const p = await startProcess(
        [process.execPath, WEFT_MAIN, ...args],
        { WEFT_NO_BROWSER: "1", ...env },
        {
          timeoutMs: 30_000,
        },
      );
      procs.push(p);
      return p;
    },
    async stopAll(): Promise<void> {
      for (const p of procs) if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill("SIGKILL");
      await Promise.all(procs.map((p) => p.proc.exited));
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A JSON call to a Hub's `/api/v1` over HTTP: the parsed answer, or an Error naming the
 * route, status and body when the status is not the one expected.
 */
export async function hubCall(
  origin: string,
  method: string,
  path: string,
  { token, body, status }: { token?: string; body?: unknown; status?: number } = {},
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
): Promise<any> {
  const res = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ok = status === undefined ? res.status < 300 : res.status === status;
  if (!ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Opens GET /executions/stream on `origin` as `token` (with Last-Event-ID when given). */
export function openStream(origin: string, token: string, lastEventId?: number): Promise<Response> {
  return fetch(`${origin}/api/v1/executions/stream`, {
    headers: {
      Authorization: `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) }),
    },
  });
}

/** Registers the owner (the first account) and makes one more account per role asked, each logged in. */
export async function hubAccounts(
  origin: string,
  users: Record<string, "admin" | "auditor" | "user">,
  password = "a long enough password 42",
): Promise<Record<string, { id: string; token: string }>> {
  const owner = await hubCall(origin, "POST", "/auth/register", { body: { username: "owner", password } });
  const accounts: Record<string, { id: string; token: string }> = { owner: { id: owner.user.id, token: owner.token } };
  for (const [username, role] of Object.entries(users)) {
    const made = await hubCall(origin, "POST", "/users", { token: owner.token, body: { username, password, role } });
    const login = await hubCall(origin, "POST", "/auth/login", { body: { username, password } });
    accounts[username] = { id: made.id, token: login.token };
  }
  return accounts;
}
