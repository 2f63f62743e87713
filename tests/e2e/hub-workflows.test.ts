/**
 * The Workflows area of the web app in `weft all`, in Debian's Chromium: the owner sets up
 * the Hub, builds a workflow in the designer (an Input on a granted CSV) and saves it on the
 * Hub; the Workflows page lists it, its search (the Hub's `name` filter) finds it and not
 * another; after a reload it opens again with the same tools; a change saved with a message
 * is revision 2 on the Hub, and a save without a change says "no change" and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, grantFolderToSelf, type HubCall, hubApi } from "./hub-e2e";
import { docOf } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

const PASSWORD = "a long enough passphrase 42";

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

/** The toolbar's message says `text` (it stays 5 s: long enough to be read here). */
async function toolbarSays(page: Page, text: string | RegExp) {
  await page.getByTestId("toolbar-message").getByText(text).waitFor();
}

describe.skipIf(!hasChromium)("the Workflows area in `weft all`", () => {
  test("save on the Hub, list and search, open again, a new revision, no change", async () => {
    const { context, page, problems } = await openPage(browser);

    await step("the owner sets up the Hub, lands on Home and opens the designer", async () => {
      await page.goto(`${weft.url}?e2e=1`);
      await page.getByTestId("setup-username").fill("olga");
      await page.getByTestId("setup-password").fill(PASSWORD);
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("home-page").waitFor();
      await page.getByTestId("hub-nav-designer").click();
      await page.getByTestId("toolbar").waitFor();
      await page.waitForFunction(() => window.__weft !== undefined);
    });

    const owner = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;
    await step("the owner is granted the folder and the Server is online", async () => {
      await grantFolderToSelf(hub, owner, weft.files);
    });

    await step("the Workflows page of a new Hub says there are none yet", async () => {
      await page.getByTestId("hub-nav-workflows").click();
      await page.getByTestId("workflows-empty").waitFor();
      expect(await page.getByTestId("hub-area-designer").isHidden()).toBe(true);
      // Who is signed in (and Sign out) stays at hand in every area.
      await page.getByTestId("account").getByText("olga").waitFor();
      await bothThemes(page, "workflows-empty");
      // Back by keyboard: the areas are buttons in the tab order.
      await page.getByTestId("hub-nav-designer").focus();
      await page.keyboard.press("Enter");
      await page.getByTestId("toolbar").waitFor();
    });

    await step("a workflow built in the designer is saved on the Hub as a new workflow", async () => {
      await page.evaluate((source) => {
        const editor = window.__weft?.editor;
        if (!editor) throw new Error("no test hook");
        editor.setName("Granted sales");
        editor.addTool("input", { x: 80, y: 80 }, { source });
        editor.select(["input_1"]);
      }, csv);
      await page.getByTestId("results-pane").getByText("south").first().waitFor();
      await page.getByTestId("toolbar-save").click();
      const dialog = page.getByTestId("hub-save-dialog");
      await dialog.waitFor();
      expect(await page.getByTestId("hub-save-name").inputValue()).toBe("Granted sales");
      await bothThemes(page, "save-new-dialog");
      await page.getByTestId("hub-save-submit").click();
      await dialog.waitFor({ state: "detached" });
      await toolbarSays(page, "Saved “Granted sales” on the Hub as a new workflow (revision 1)");
      expect(await page.getByTestId("toolbar-hub-workflow").getAttribute("data-revision")).toBe("1");
      expect(await page.getByTestId("toolbar-dirty").count()).toBe(0);
    });

    // Another workflow of the owner's, which the search must leave out.
    await hub("POST", "/workflows", owner, {
      name: "Budget 2027",
      content: { meta: { workflow_id: "wf-budget", name: "Budget 2027" }, tools: [], wires: [] },
    });
    const saved = await docOf(page);

    await step("the Workflows page lists both; the search finds one and not the other", async () => {
      await page.getByTestId("hub-nav-workflows").click();
      const rows = page.getByTestId("workflow-row");
      await page.getByTestId("workflows-table").getByText("Budget 2027").waitFor();
      expect(await rows.count()).toBe(2);
      await page.getByTestId("workflows-table").getByText("Granted sales").waitFor();
      await bothThemes(page, "workflows");
      await page.getByTestId("workflows-search").fill("SALES");
      await page.getByTestId("workflows-table").getByText("Budget 2027").waitFor({ state: "detached" });
      expect(await rows.allTextContents()).toEqual([expect.stringContaining("Granted sales")]);
      await page.getByTestId("workflows-search").fill("nothing like it");
      await page.getByTestId("workflows-empty").getByText("No workflow's name contains").waitFor();
    });

    await step("after a reload, the workflow opens again from the Workflows page with the same tools", async () => {
      await page.reload();
      // The address keeps the area: the reload shows the Workflows page again.
      await page.getByTestId("workflows-page").waitFor();
      await page.getByTestId("hub-nav-designer").click();
      await page.getByTestId("toolbar").waitFor();
      await page.waitForFunction(() => window.__weft !== undefined);
      // A new, empty workflow first: the tools that follow come from the Hub, not this tab's autosave.
      await page.getByTestId("toolbar-new").click();
      await page.waitForFunction(() => window.__weft?.editor.snapshot().tools.length === 0);
      await page.getByTestId("hub-nav-workflows").click();
      await page.getByTestId("workflows-table").getByText("Granted sales").click();
      await page.getByTestId("toolbar-hub-workflow").waitFor();
      await toolbarSays(page, "Opened “Granted sales” (revision 1) from the Hub");
      expect(await page.getByTestId("toolbar-hub-workflow").getAttribute("data-revision")).toBe("1");
      expect((await docOf(page))?.tools).toEqual(saved?.tools);
      expect(await page.getByTestId("toolbar-name").inputValue()).toBe("Granted sales");
    });

    const listed = await hub("GET", "/workflows?name=Granted", owner);
    const id: string = listed.workflows[0].id;

    await step("a change saved with a message is revision 2 on the Hub", async () => {
      await page.evaluate((source) => {
        window.__weft?.editor.addTool("input", { x: 80, y: 260 }, { source });
      }, csv);
      await page.getByTestId("toolbar-dirty").waitFor();
      await page.getByTestId("toolbar-save").click();
      await page.getByTestId("hub-save-dialog").waitFor();
      await page.getByTestId("hub-save-message").fill("A second input of the same sales");
      await bothThemes(page, "save-dialog");
      await page.getByTestId("hub-save-submit").click();
      await toolbarSays(page, "Saved “Granted sales” on the Hub as revision 2");
      expect(await page.getByTestId("toolbar-hub-workflow").getAttribute("data-revision")).toBe("2");
      const revisions = await hub("GET", `/workflows/${id}/revisions`, owner);
      expect(revisions.revisions[0]).toMatchObject({ revision: 2, message: "A second input of the same sales" });
      const detail = await hub("GET", `/workflows/${id}`, owner);
      expect(detail.revision).toBe(2);
      expect(detail.content.tools.map((t: { id: string }) => t.id)).toEqual(["input_1", "input_2"]);
    });

    await step("a save without a change says so and stores nothing", async () => {
      await page.getByTestId("hub-save-dialog").waitFor({ state: "detached" });
      await page.keyboard.press("Control+s");
      await page.getByTestId("hub-save-dialog").waitFor();
      await page.getByTestId("hub-save-submit").click();
      await toolbarSays(page, "No change: revision 2 of “Granted sales” holds this workflow already");
      expect((await hub("GET", `/workflows/${id}`, owner)).revision).toBe(2);
      expect((await hub("GET", `/workflows/${id}/revisions`, owner)).total).toBe(2);
    });

    expect(problems.list).toEqual([]);
    await context.close();
  }, 180_000);
});
