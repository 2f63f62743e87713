import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { folderAssets } from "../../src/http/static-assets";
import { makeTestApp, type TestApp } from "../helpers/test-app";

describe("the web UI at /", () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "weft-web-"));
    const site = join(dir, "site");
    mkdirSync(join(site, "assets"), { recursive: true });
    writeFileSync(join(site, "index.html"), "<!doctype html><title>Weft test UI</title>");
    writeFileSync(join(site, "assets", "app-1234.js"), "console.log(1)");
    writeFileSync(join(dir, "secret.txt"), "outside the site");
    symlinkSync(join(dir, "secret.txt"), join(site, "link.txt"));
    t = await makeTestApp({ assets: folderAssets(site) });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("/ is index.html, not cached", async () => {
    const res = await t.app.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("Weft test UI");
  });

  test("hashed assets are served with their type and cached for good", async () => {
    const res = await t.app.request("/assets/app-1234.js");
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(await res.text()).toBe("console.log(1)");
  });

  test("unknown non-API paths fall back to index.html (the UI's router owns them)", async () => {
    const res = await t.app.request("/workflows/42/edit");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Weft test UI");
  });

  test.each(["/../secret.txt", "/%2e%2e/secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt", "/link.txt", "/%00"])(
    "%s never leaves the folder",
    async (path) => {
      const res = await t.app.request(path);
      expect(await res.text()).not.toContain("outside the site");
    },
  );
});

test("without a built UI, / says how to build it", async () => {
  const t = await makeTestApp();
  const res = await t.app.request("/");
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("npm run build:web");
  await t.close();
});
