/**
 * The web app in `weft all` (the Hub and its Server in hub mode, one process), in Debian's
 * Chromium: a fresh Hub opens on first-run setup; the owner is made there and lands in the
 * designer, whose Input tool previews a CSV of a folder granted to the owner (each preview
 * request carries a fresh capability token the page got with its session: the person never
 * sees one); Sign out leads to the sign-in page and a sign-in back to the designer; a session
 * the Hub ended (the owner's password changed elsewhere) sends the next request to the
 * sign-in, over the designer, which holds the same workflow afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, grantFolderToSelf, type HubCall, hubApi } from "./hub-e2e";
import { selectTool } from "./person";
import { docOf } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

const PASSWORD = "a long enough passphrase 42";
const NEW_PASSWORD = "another long passphrase 43";

let weft: Omit<E2eServer, "token">;
let browser: Browser;
let csv: string;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  weft = await startE2eAll();
  hub = hubApi(weft.url);
  csv = join(weft.files, "sales.csv");
  writeFileSync(csv, "region,amount\nnorth,10\nsouth,20\neast,30\n");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
});

let hub: HubCall;

async function signIn(page: Page, password: string) {
  await page.getByTestId("sign-in-username").fill("olga");
  await page.getByTestId("sign-in-password").fill(password);
  await page.getByTestId("sign-in-submit").click();
}

/** The Input tool's preview grid holds the CSV's rows (its requests went through capability tokens). */
async function previewShowsRows(page: Page) {
  const results = page.getByTestId("results-pane");
  await results.getByTestId("preview-grid").waitFor();
  await results.getByText("south").first().waitFor();
  await results.getByText("east").first().waitFor();
}

describe.skipIf(!hasChromium)("the web app in `weft all`", () => {
  test("setup, the designer on capability tokens, sign out and in, an ended session", async () => {
    const { context, page, problems } = await openPage(browser, {
      // The refused requests this test provokes on purpose: the ended session (401).
      expectedStatuses: [401],
    });
    const serverRequests: { path: string; bearer: string | undefined }[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/") && !path.startsWith("/api/v1/") && path !== "/api/health/") {
        serverRequests.push({ path, bearer: request.headers().authorization });
      }
    });

    await step("a fresh Hub opens on first-run setup", async () => {
      await page.goto(`${weft.url}?e2e=1`);
      await page.getByTestId("setup").waitFor();
      expect(await page.getByTestId("toolbar").count()).toBe(0);
      await bothThemes(page, "setup");
    });

    await step("the password rule is shown; a short password is refused before sending", async () => {
      await page.getByTestId("setup-username").fill("Olga");
      await page.getByTestId("setup-password").fill("too short");
      await page.getByText("At least 12 characters (3 more).").waitFor();
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("setup-error").getByText("at least 12 characters").waitFor();
    });

    await step("the owner is created, lands on Home, and opens the designer", async () => {
      await page.getByTestId("setup-password").fill(PASSWORD);
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("home-page").waitFor();
      await page.getByTestId("hub-nav-designer").click();
      await page.getByTestId("toolbar").waitFor();
      await page.getByTestId("account").getByText("olga").waitFor();
      await page.waitForFunction(() => window.__weft !== undefined);
      const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("weft.hub.session") ?? "{}"));
      expect(stored.user).toMatchObject({ username: "olga", role: "owner" });
    });

    const owner = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;
    await step("the owner grants himself the folder (through the Hub's API) and the Server is online", async () => {
      await grantFolderToSelf(hub, owner, weft.files);
    });

    await step("an Input tool on the granted CSV shows its rows", async () => {
      await page.evaluate((source) => {
        const editor = window.__weft?.editor;
        if (!editor) throw new Error("no test hook");
        editor.setName("Granted sales");
        editor.addTool("input", { x: 80, y: 80 }, { source });
        editor.select(["input_1"]);
      }, csv);
      await previewShowsRows(page);
      await bothThemes(page, "designer");
    });

    await step("each Server request carried its own capability token, none reused", async () => {
      expect(serverRequests.length).toBeGreaterThan(1);
      const bearers = serverRequests.map((r) => r.bearer);
      for (const bearer of bearers) expect(bearer).toMatch(/^Bearer [A-Za-z0-9_-]{40,}$/);
      expect(new Set(bearers).size).toBe(bearers.length);
      // The page never shows a token.
      const shown = await page.evaluate(() => document.body.textContent ?? "");
      for (const bearer of bearers) expect(shown).not.toContain((bearer as string).slice(7));
    });

    const workflow = await docOf(page);
    await step("sign out: the sign-in page, and the session is over on the Hub", async () => {
      const held = await page.evaluate(() => JSON.parse(sessionStorage.getItem("weft.hub.session") ?? "{}").token);
      await page.getByTestId("account-menu").click();
      await page.getByTestId("sign-out").click();
      await page.getByTestId("sign-in").waitFor();
      expect(await page.getByTestId("toolbar").count()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem("weft.hub.session"))).toBeNull();
      expect((await hub("GET", "/auth/status", held)).authenticated).toBe(false);
      await bothThemes(page, "sign-in");
    });

    await step("a wrong password is refused in words; the right one returns to the same workflow", async () => {
      await signIn(page, "not the password at all");
      await page.getByTestId("sign-in-error").getByText("invalid username or password").waitFor();
      await signIn(page, PASSWORD);
      await page.getByTestId("toolbar").waitFor();
      await page.waitForFunction(() => window.__weft?.editor.tool("input_1") !== undefined);
      expect(await docOf(page)).toEqual(workflow);
      await selectTool(page, "input_1");
      await previewShowsRows(page);
    });

    await step("a session the Hub ended: the next request asks for a sign-in over the kept work", async () => {
      await page.getByTestId("sign-in").waitFor({ state: "detached" });
      // The owner's password changed in another session: every other session, this tab's too, ends.
      await hub("PUT", "/auth/password", owner, { current_password: PASSWORD, new_password: NEW_PASSWORD });
      await page.getByLabel("Workflow name").fill("Typed while signed out");
      await page.getByTestId("preview-refresh").click();
      await page.getByTestId("sign-in-ended").waitFor();
      await bothThemes(page, "session-ended");
      // The person is named already and the password field has the focus; the work below is inert.
      expect(await page.getByTestId("sign-in-username").inputValue()).toBe("olga");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("sign-in-password");
      expect(await page.evaluate(() => document.querySelector<HTMLElement>(".hub-work")?.inert)).toBe(true);
      await page.keyboard.type(NEW_PASSWORD);
      await page.keyboard.press("Enter");
      await page.getByTestId("sign-in").waitFor({ state: "detached" });
      const kept = await docOf(page);
      expect(kept?.meta.name).toBe("Typed while signed out");
      expect({ tools: kept?.tools, wires: kept?.wires }).toEqual({ tools: workflow?.tools, wires: workflow?.wires });
      // Signed in again, the same tool previews as before (the same page: the selection stayed).
      await page.getByTestId("preview-refresh").click();
      await previewShowsRows(page);
    });

    expect(problems.list).toEqual([]);
    await context.close();
  }, 120_000);
});
