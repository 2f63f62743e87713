import { afterAll, expect, test } from "bun:test";
import { ForbiddenError, ValidationError } from "../../shared/errors";
import { createHubClient, HubRejectedServerError, HubUnavailableError } from "./hub-client";

/**
 * A stand-in Hub over real HTTP that answers each path as told (`hang`: never): the shapes a
 * broken, slow or refusing Hub can answer, which the real one is not made to produce.
 */
const answers = new Map<string, { status: number; body: string } | "hang">();
const hub = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const answer = answers.get(new URL(req.url).pathname);
    if (answer === "hang" || !answer) return new Promise<Response>(() => undefined);
    return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "application/json" } });
  },
});
afterAll(() => hub.stop(true));
const client = createHubClient(`http://127.0.0.1:${hub.port}/`, undefined, { timeoutMs: 200 });
const AUTHORIZE = "/api/v1/internal/authorize";

test.each<[string, { status: number; body: string } | "hang", unknown, string]>([
  [
    "a 403 passes on with the Hub's reason",
    { status: 403, body: '{"detail":"token used"}' },
    ForbiddenError,
    "token used",
  ],
  ["a 400 passes on", { status: 400, body: '{"detail":"token: empty"}' }, ValidationError, "token: empty"],
  [
    "a 401 says the Hub does not accept this Server",
    { status: 401, body: '{"detail":"revoked"}' },
    HubRejectedServerError,
    "revoked",
  ],
  ["a 500 is the Hub's trouble: 503", { status: 500, body: "oops" }, HubUnavailableError, "HTTP 500"],
  [
    "a 200 that is not an answer: 503",
    { status: 200, body: '{"user_id":1}' },
    HubUnavailableError,
    "not what this Server expects",
  ],
  ["no answer in time: 503", "hang", HubUnavailableError, "no answer in 200 ms"],
])("authorize: %s", async (_name, answer, kind, words) => {
  answers.set(AUTHORIZE, answer);
  const outcome = await client.authorize("server-token", { token: "t" }).catch((err: unknown) => err);
  expect(outcome).toBeInstanceOf(kind as typeof Error);
  expect((outcome as Error).message).toContain(words);
  expect((outcome as { status: number }).status).toBe(new (kind as typeof ForbiddenError)("x").status);
});

test("a Hub that is not there: 503 naming it", async () => {
  const gone = createHubClient("http://127.0.0.1:1", undefined, { timeoutMs: 2000 });
  const err = await gone.authorize("s", { token: "t" }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(HubUnavailableError);
  expect((err as Error).message).toContain("http://127.0.0.1:1 cannot be reached");
});

test("register: a new name is created with its token; a refusal names the Hub's reason", async () => {
  answers.set("/api/v1/servers/register", { status: 201, body: '{"id":"s1","auth_token":"tok"}' });
  expect(await client.register("secret", { name: "a", endpoint: "http://x", version: "1" })).toEqual({
    id: "s1",
    authToken: "tok",
    created: true,
  });
  answers.set("/api/v1/servers/register", { status: 403, body: '{"detail":"revoked by an administrator"}' });
  const refused = client.register("secret", { name: "a", endpoint: "http://x", version: "1" });
  await expect(refused).rejects.toThrow("revoked by an administrator");
});
