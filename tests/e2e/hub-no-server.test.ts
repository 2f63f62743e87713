/**
 * `weft hub` with no Server registered, in Debian's Chromium: the owner signs in (the Hub
 * was set up through its API) and the designer cannot get a capability token. The page says
 * so in words (the Hub's 409 "No online Server may serve you now"), offers Try again, and
 * Sign out works from there; it never shows a blank page or a token.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { waitUntil } from "../helpers/wait";
import { CHROMIUM, hasChromium, launchChromium, openPage, screenshot, step } from "./browser";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

const PASSWORD = "a long enough passphrase 42";
let weft: Omit<E2eServer, "token">;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  weft = await startE2eAll({}, "hub");
  const made = await fetch(new URL("/api/v1/auth/register", weft.url), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "olga", password: PASSWORD }),
  });
  if (made.status !== 201) throw new Error(`register: ${made.status} ${await made.text()}`);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
});

describe.skipIf(!hasChromium)("the web app in `weft hub` without a Server", () => {
  test("signed in, the designer says no Server can take the work, and how to go on", async () => {
    // 409: no online Server. (The Hub's public status says it is `weft hub`: no 404 of a Server health.)
    const { context, page, problems } = await openPage(browser, { expectedStatuses: [409] });
    const capabilityAnswers: number[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname === "/api/v1/capabilities/token") capabilityAnswers.push(res.status());
    });

    await step("an existing Hub opens on the sign-in, not the setup", async () => {
      await page.goto(weft.url);
      await page.getByTestId("sign-in").waitFor();
      expect(await page.getByTestId("setup").count()).toBe(0);
    });

    await step("signed in: the Hub's refusal in words, nothing blank", async () => {
      await page.getByTestId("sign-in-username").fill("olga");
      await page.getByTestId("sign-in-password").fill(PASSWORD);
      await page.getByTestId("sign-in-submit").click();
      await page.getByTestId("hub-nav-designer").click();
      const notice = page.getByTestId("server-unavailable");
      await notice.getByText("No online Server may serve you now").waitFor();
      expect(capabilityAnswers).toEqual([409]);
      await screenshot(page, "hub-no-server-light");
    });

    await step("Try again asks the Hub again", async () => {
      await page.getByTestId("server-retry").click();
      await waitUntil(() => capabilityAnswers.length >= 2, "the second capability answer");
      expect(capabilityAnswers).toEqual([409, 409]);
      await page.getByTestId("server-unavailable").getByText("No online Server may serve you now").waitFor();
    });

    await step("Sign out from there leads to the sign-in", async () => {
      await page.getByTestId("notice-sign-out").click();
      await page.getByTestId("sign-in").waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem("weft.hub.session"))).toBeNull();
    });

    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});
