/**
 * Every area of the Hub's app, by role, in Debian's Chromium (`weft all`): the owner reaches
 * each one from the keyboard alone (the row of areas, then the admin area's side list), each
 * page fills a 1280 px window and a 4K one without spilling sideways, with no console error;
 * a user's navigation has no admin area, and an admin address shows why it is refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { AREAS } from "../../web/src/hub/areas";
import { CHROMIUM, hasChromium, launchChromium, openPage, screenshot, step } from "./browser";
import { type HubCall, hubApi } from "./hub-e2e";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

const PASSWORD = "a long enough passphrase 42";
let weft: Omit<E2eServer, "token">;
let browser: Browser;
let hub: HubCall;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  weft = await startE2eAll();
  hub = hubApi(weft.url);
  const owner = await hub("POST", "/auth/register", undefined, { username: "olga", password: PASSWORD });
  for (const [username, role] of [
    ["uma", "user"],
    ["aldo", "auditor"],
  ]) {
    await hub("POST", "/users", owner.token, { username, password: PASSWORD, role });
  }
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
});

async function signIn(page: Page, username: string) {
  await page.goto(weft.url);
  await page.getByTestId("sign-in-username").fill(username);
  await page.getByTestId("sign-in-password").fill(PASSWORD);
  await page.getByTestId("sign-in-submit").click();
  await page.getByTestId("hub-nav").waitFor();
}

/** Presses Tab until `testid` has the focus (at most `limit` times), then Enter. */
async function tabTo(page: Page, testid: string, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id, testid)) {
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${testid}`);
}

/** The shown area's page: its heading is visible, and nothing spills past the window's width. */
async function areaShows(page: Page, area: string) {
  if (area === "designer") {
    await page.getByTestId("toolbar").waitFor();
  } else {
    await page.locator("main.hub-page h1").first().waitFor();
  }
  await page.waitForFunction((a) => document.querySelector(`[data-testid="hub-nav-${a}"][aria-current="page"]`), area);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!hasChromium)("the Hub's areas in `weft all`", () => {
  test("the owner reaches every area by keyboard, at 1280 px and at 4K", async () => {
    for (const [width, height, label] of [
      [1280, 800, "1280"],
      [3840, 2160, "4k"],
    ] as const) {
      const { context, page, problems } = await openPage(browser, { width, height });
      await signIn(page, "olga");
      for (const info of AREAS) {
        await step(`${info.label} at ${label}`, async () => {
          await page.getByTestId("hub-nav-home").focus();
          if (info.section === "admin") {
            await tabTo(page, "hub-nav-admin");
            await page.getByTestId("hub-admin-nav").waitFor();
            await page.getByTestId("hub-nav-dashboard").focus();
          }
          await tabTo(page, `hub-nav-${info.area}`);
          await areaShows(page, info.area);
          expect(await page.evaluate(() => location.hash)).toBe(`#/${info.area}`);
          if (label === "4k") await screenshot(page, `hub-area-${info.area}-4k`);
        });
      }
      expect(problems.list).toEqual([]);
      await context.close();
    }
  }, 180_000);

  test("a user sees no admin area, and an admin address says why it is refused", async () => {
    const { context, page, problems } = await openPage(browser);
    await signIn(page, "uma");
    const shown = await page
      .getByTestId("hub-nav")
      .locator("button.hub-nav-item")
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-testid")));
    expect(shown).toEqual(AREAS.filter((a) => a.section === "work").map((a) => `hub-nav-${a.area}`));
    await page.goto(`${weft.url}#/users`);
    await page.getByTestId("hub-area-refused").getByText("signed in as a user").waitFor();
    await screenshot(page, "hub-area-refused");
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("an auditor sees the admin area", async () => {
    const { context, page, problems } = await openPage(browser);
    await signIn(page, "aldo");
    await page.getByTestId("hub-nav-admin").click();
    const links = await page
      .getByTestId("hub-admin-nav")
      .locator("button")
      .evaluateAll((buttons) => buttons.map((b) => b.textContent));
    expect(links).toEqual(AREAS.filter((a) => a.section === "admin").map((a) => a.label));
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});
