import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../tests/helpers/test-app";
import { detectBackend } from "./backend";

/* What the app learns before it holds any token, from a whole app of each mode in process. */
describe("detectBackend", () => {
  const cases: [string, "server" | "hub" | "all", Record<string, string>, unknown][] = [
    ["weft server: the designer with the tab's token", "server", {}, { kind: "server" }],
    ["weft all, its Server apart from the Hub: as `server`", "all", { AUTH_MODE: "ephemeral" }, { kind: "server" }],
    [
      "weft all: sign in (first-run setup), the Server here",
      "all",
      {},
      { kind: "hub", server: "here", status: { needs_setup: true, authenticated: false } },
    ],
    [
      "weft hub: sign in, the Servers the Hub picks",
      "hub",
      {},
      { kind: "hub", server: "endpoint", status: { needs_setup: true } },
    ],
  ];
  test.each(cases)("%s", async (_, mode, env, expected) => {
    const t = await makeTestApp({ mode, env });
    const asked: string[] = [];
    const backend = await detectBackend(async (url, init) => {
      asked.push(url);
      return t.app.request(url, init);
    });
    expect(backend).toMatchObject(expected as object);
    // `server` mode never asks the Hub's route (it would be a refused request in the console).
    if (mode === "server") expect(asked).toEqual(["/api/health/"]);
    await t.close();
  });

  test("a Server in hub mode without its Hub here: nothing to sign in to, said", async () => {
    const t = await makeTestApp({ mode: "server", env: { AUTH_MODE: "hub", HUB_URL: "http://127.0.0.1:9" } });
    const backend = await detectBackend(async (url, init) => t.app.request(url, init));
    expect(backend).toMatchObject({ kind: "unreachable", detail: expect.stringContaining("no Hub") });
    await t.close();
  });
});
