/**
 * `weft all` gives out its address only once its own Server is registered with the Hub
 * beside it and polled online: a page opened at that instant asks for a capability token and
 * gets one, instead of "No online Server may serve you now" (409) until the poller's next
 * tick. (A browser test on a fast machine met that window: its designer's first request came
 * before the Server was online.)
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/cli/config";
import { type RunningWeft, startWeft } from "../../src/cli/start";
import { createLogger } from "../../src/shared/logger";

let root: string;
let weft: RunningWeft;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "weft-all-ready-"));
  const config = loadConfig({
    mode: "all",
    env: { HOME: root, WEFT_DATA_DIR: join(root, "data"), PORT: "0", WEFT_NO_BROWSER: "1", ENGINE_PROCESSES: "1" },
  });
  weft = await startWeft(config, createLogger({ level: "error" }));
});

afterAll(async () => {
  await weft?.stop(2_000);
  rmSync(root, { recursive: true, force: true });
});

async function hub(method: string, path: string, bearer?: string, body?: unknown) {
  const res = await fetch(new URL(`/api/v1${path}`, weft.url), {
    method,
    headers: {
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

test("the moment start-up answers, its Server is online and a capability token is given", async () => {
  const owner = await hub("POST", "/auth/register", undefined, {
    username: "olga",
    password: "a long enough passphrase",
  });
  expect(owner.status).toBe(201);
  const token = await hub("POST", "/capabilities/token", owner.body.token, {});
  expect(token.status).toBe(200);
  expect(new URL(token.body.endpoint ?? weft.url).origin).toBe(new URL(weft.url).origin);
  const servers = await hub("GET", "/servers", owner.body.token);
  expect(servers.body.servers).toHaveLength(1);
  expect(servers.body.servers[0]).toMatchObject({ status: "online" });
});
