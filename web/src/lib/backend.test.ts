import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../tests/helpers/test-app";
import { detectBackend } from "./backend";

/* What the app learns before it holds any token, from a whole app of each mode in process. */
describe("detectBackend", () => {
  const cases: [string, "server" | "hub" | "all", Record<string, string>, boolean, unknown, string[]][] = [
    ["weft server: the designer with the tab's token", "server", {}, true, { kind: "server" }, ["/api/health/"]],
    [
      "weft all, its Server apart from the Hub: as `server`",
      "all",
      { AUTH_MODE: "ephemeral" },
      true,
      { kind: "server" },
      ["/api/health/"],
    ],
    [
      "weft all: sign in (first-run setup), the Server here",
      "all",
      {},
      false,
      { kind: "hub", server: "here", status: { needs_setup: true, authenticated: false, server_here: true } },
      ["/api/v1/auth/status"],
    ],
    [
      "weft hub: sign in, the Servers the Hub picks",
      "hub",
      {},
      false,
      { kind: "hub", server: "endpoint", status: { needs_setup: true } },
      ["/api/v1/auth/status"],
    ],
    [
      "weft server without auth (no token to hold): the Hub's status is refused, then health",
      "server",
      { AUTH_MODE: "disabled" },
      false,
      { kind: "server" },
      ["/api/v1/auth/status", "/api/health/"],
    ],
  ];
  test.each(cases)("%s", async (_, mode, env, serverToken, expected, expectedAsks) => {
    const t = await makeTestApp({ mode, env });
    const asked: string[] = [];
    const answers: number[] = [];
    const backend = await detectBackend(
      async (url, init) => {
        asked.push(url);
        const res = await t.app.request(url, init);
        answers.push(res.status);
        return res;
      },
      { serverToken },
    );
    expect(backend).toMatchObject(expected as object);
    // `server` mode never asks the Hub's route (it would be a refused request in the console).
    if (mode === "server" && serverToken) expect(asked).toEqual(["/api/health/"]);
    expect(asked).toEqual(expectedAsks);
    // `weft hub` and `weft all` learn it all without a refused request (none in the console).
    if (mode !== "server") expect(answers.every((status) => status === 200)).toBe(true);
    await t.close();
  });

  test("`weft hub` says no Server is here: the status has no server_here", async () => {
    const t = await makeTestApp({ mode: "hub" });
    const backend = await detectBackend(async (url, init) => t.app.request(url, init));
    expect(backend.kind === "hub" && backend.status.server_here).toBeFalsy();
    await t.close();
  });

  test("a Server in hub mode without its Hub here: nothing to sign in to, said", async () => {
    const t = await makeTestApp({ mode: "server", env: { AUTH_MODE: "hub", HUB_URL: "http://127.0.0.1:9" } });
    const backend = await detectBackend(async (url, init) => t.app.request(url, init));
    expect(backend).toMatchObject({ kind: "unreachable", detail: expect.stringContaining("no Hub") });
    await t.close();
  });

  test("a Server token this tab kept while a Hub serves the page: health, then the Hub's status", async () => {
    const t = await makeTestApp({ mode: "all" });
    const asked: string[] = [];
    const backend = await detectBackend(
      async (url, init) => {
        asked.push(url);
        return t.app.request(url, init);
      },
      { serverToken: true },
    );
    expect(backend).toMatchObject({ kind: "hub", server: "here" });
    expect(asked).toEqual(["/api/health/", "/api/v1/auth/status"]);
    await t.close();
  });
});
