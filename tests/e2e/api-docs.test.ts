/**
 * The API reference pages render in Debian's Chromium with no other host reachable: every
 * request that leaves 127.0.0.1 goes to a proxy that is not there, so one the pages make
 * fails and is recorded.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM, hasChromium } from "./browser";
import { type E2eServer, startE2eServer } from "./weft-server";

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startE2eServer();
  // Loopback bypasses the proxy; nothing listens on port 9 (discard).
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--proxy-server=127.0.0.1:9"] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.skipIf(!hasChromium)("API reference offline", () => {
  test.each(["/docs", "/redoc"])(
    "%s shows the API with no internet",
    async (path) => {
      const page = await browser.newPage();
      const problems: string[] = [];
      // "csp": refused by the page's own policy (ReDoc's logo), never sent.
      page.on("requestfailed", (r) => {
        if (r.failure()?.errorText !== "csp") problems.push(`${r.url()}: ${r.failure()?.errorText}`);
      });
      page.on("pageerror", (err) => problems.push(`exception: ${err.message}`));
      await page.goto(new URL(path, server.url).href);
      await page.getByText("The HTTP API of the Server").first().waitFor({ timeout: 60_000 });
      const health = page.getByRole("heading", { name: "Is the Server up, and which versions does it run" });
      await health.first().waitFor({ timeout: 60_000 });
      expect(problems).toEqual([]);
      await page.close();
    },
    150_000,
  );
});
