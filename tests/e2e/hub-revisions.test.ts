/**
 * A workflow's revisions in the web app of `weft all`, in Debian's Chromium. The owner stores
 * revision 1 through the API, then revision 2 with every kind of change at once:
 *
 *   revision 1:  input_1 ──► filter_1 ─T─► sort_1       revision 2:  input_1 ──► filter_1 ─F─► sort_1 (moved)
 *                   └─────► select_1                                   └─────► sample_1 (added)
 *                                                       filter_1's expression changed; select_1 removed
 *
 * The Workflows page opens its revisions; the canvas marks the tool added, removed, changed
 * and moved and the wires added and removed (the rewire is one of each) in the DOM, as the
 * Hub's own diff says; a changed tool's settings show before and after; a revision downloads
 * byte for byte; restoring revision 1 stores revision 3 with revision 1's content. An admin
 * reads the revisions (their author by name) and downloads, but only the owner restores.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, grantFolderToSelf, type HubCall, hubApi } from "./hub-e2e";
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
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
});

const at = (x: number, y: number) => ({ x, y });
const wire = (source: string, target: string, source_socket = "output") => ({
  source,
  source_socket,
  target,
  target_socket: "input",
});

function revisionOne(source: string) {
  return {
    meta: { workflow_id: "wf-sales-by-region", name: "Sales by region" },
    tools: [
      { id: "input_1", type: "input", config: { source }, position: at(80, 80) },
      {
        id: "filter_1",
        type: "filter",
        config: { mode: "expression", expression: "amount > 10" },
        position: at(360, 80),
      },
      { id: "select_1", type: "select", config: { columns: [], keep_others: true }, position: at(360, 260) },
      { id: "sort_1", type: "sort", config: { by: [] }, position: at(660, 80) },
    ],
    wires: [wire("input_1", "filter_1"), wire("filter_1", "sort_1", "output-true"), wire("input_1", "select_1")],
  };
}

function revisionTwo(source: string) {
  return {
    meta: { workflow_id: "wf-sales-by-region", name: "Sales by region" },
    tools: [
      { id: "input_1", type: "input", config: { source }, position: at(80, 80) },
      {
        id: "filter_1",
        type: "filter",
        config: { mode: "expression", expression: "amount > 20" },
        position: at(360, 80),
      },
      { id: "sort_1", type: "sort", config: { by: [] }, position: at(700, 300) },
      { id: "sample_1", type: "sample", config: { method: "first", n: 5 }, position: at(360, 440) },
    ],
    wires: [wire("input_1", "filter_1"), wire("filter_1", "sort_1", "output-false"), wire("input_1", "sample_1")],
  };
}

/** The `data-diff` of each tool and wire the canvas draws (none: unchanged). */
async function marks(page: Page) {
  const canvas = page.getByTestId("diff-canvas");
  await canvas.waitFor();
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="diff-canvas"]');
    const all = (selector: string) => [...(root?.querySelectorAll<HTMLElement | SVGElement>(selector) ?? [])];
    return {
      tools: Object.fromEntries(all(".diff-tool").map((el) => [el.dataset.tool, el.dataset.diff ?? "same"])),
      wires: Object.fromEntries(all(".diff-wire").map((el) => [el.dataset.wire, el.dataset.diff ?? "same"])),
    };
  });
}

describe.skipIf(!hasChromium)("a workflow's revisions in `weft all`", () => {
  test("the five kinds of change on the canvas, a tool's settings side by side, download, restore", async () => {
    const { context, page, problems } = await openPage(browser);
    const source = `${weft.files}/sales.csv`;

    await step("the owner sets up the Hub and lands on Home", async () => {
      await page.goto(weft.url);
      await page.getByTestId("setup-username").fill("olga");
      await page.getByTestId("setup-password").fill(PASSWORD);
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("home-page").waitFor();
    });

    const owner = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;
    // The designer previews the workflow opened at the end: its file is there, in a folder granted to the owner.
    writeFileSync(source, "region,amount\nnorth,10\nsouth,20\neast,30\n");
    await grantFolderToSelf(hub, owner, weft.files);
    const created = await hub("POST", "/workflows", owner, { name: "Sales by region", content: revisionOne(source) });
    const id: string = created.id;
    const saved = await hub("PUT", `/workflows/${id}/content`, owner, {
      content: revisionTwo(source),
      message: "Bigger orders only; a sample instead of the select",
    });
    expect(saved).toMatchObject({ revision: 2, revision_created: true });

    await step("the Workflows page opens the workflow's revisions: 2 against 1 first", async () => {
      await page.getByTestId("hub-nav-workflows").click();
      await page.getByTestId("workflows-table").getByText("Sales by region").waitFor();
      await page.getByTestId("workflow-revisions").click();
      await page.getByTestId("revisions-page").waitFor();
      expect(new URL(page.url()).hash).toBe(`#/workflows/${id}`);
      // The page is drawn before the Hub's answer: the list is there once its oldest row is.
      await page.locator('[data-testid="revision-row"][data-revision="1"]').waitFor();
      expect(await page.getByTestId("revision-row").count()).toBe(2);
      await page.getByTestId("revision-list").getByText("Bigger orders only").waitFor();
      await page.getByTestId("diff-title").getByText("Revision 1 → revision 2").waitFor();
    });

    await step("each tool and wire carries its kind of change, as the Hub's diff says", async () => {
      const shown = await marks(page);
      expect(shown.tools).toEqual({
        input_1: "same",
        filter_1: "changed",
        sort_1: "moved",
        sample_1: "added",
        select_1: "removed",
      });
      expect(shown.wires).toEqual({
        "input_1.output → filter_1.input": "same",
        "filter_1.output-false → sort_1.input": "added",
        "input_1.output → sample_1.input": "added",
        "filter_1.output-true → sort_1.input": "removed",
        "input_1.output → select_1.input": "removed",
      });
      const diff = await hub("GET", `/workflows/${id}/diff?from=1&to=2`, owner);
      expect(diff).toMatchObject({
        tools_added: ["sample_1"],
        tools_removed: ["select_1"],
        tools_changed: [{ id: "filter_1", config_keys_changed: ["expression"] }],
        tools_moved: ["sort_1"],
      });
      // The moved tool's old place is outlined, and every kind is said in words, not colour alone.
      await page.locator('[data-ghost="sort_1"]').waitFor();
      const legend = page.getByTestId("diff-legend");
      for (const text of ["1 tool added", "1 tool removed", "1 tool changed", "1 tool moved", "2 wires added"]) {
        await legend.getByText(text).waitFor();
      }
      expect(await page.getByTestId("diff-tool-select_1").textContent()).toContain("Removed");
      expect(await page.getByTestId("diff-tool-sort_1").textContent()).toContain("Moved");
      await bothThemes(page, "revisions-diff");
    });

    await step("selecting the changed tool shows its settings before and after, the changed key marked", async () => {
      await page.getByTestId("tool-compare-hint").waitFor();
      await page.getByTestId("diff-tool-filter_1").click();
      const panel = page.getByTestId("tool-compare");
      await panel.waitFor();
      const expression = panel.locator('tr[data-key="expression"]');
      expect(await expression.getAttribute("data-changed")).toBe("true");
      expect(await expression.locator('[data-side="before"]').textContent()).toBe("amount > 10");
      expect(await expression.locator('[data-side="after"]').textContent()).toBe("amount > 20");
      expect(await panel.locator('tr[data-key="mode"]').getAttribute("data-changed")).toBeNull();
      expect(await panel.locator("tr[data-changed]").count()).toBe(1);
      await bothThemes(page, "revisions-tool-compare");
      // By keyboard: a tool is a button; Enter on the moved one shows its positions.
      await page.getByTestId("diff-tool-sort_1").focus();
      await page.keyboard.press("Enter");
      await page.locator('[data-testid="tool-compare"][data-tool="sort_1"]').waitFor();
      const position = panel.locator('tr[data-key="position"]');
      expect(await position.getAttribute("data-changed")).toBe("true");
      expect(await position.locator('[data-side="after"]').textContent()).toBe("x 700, y 300");
    });

    await step("a revision downloads as its .weft.json file, byte for byte as the Hub stores it", async () => {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("revision-download-1").click(),
      ]);
      expect(download.suggestedFilename()).toBe("Sales by region (revision 1).weft.json");
      const text = readFileSync(await download.path(), "utf8");
      expect(JSON.parse(text)).toEqual(revisionOne(source));
      const stored = await fetch(new URL(`/api/v1/workflows/${id}/download?revision=1`, weft.url), {
        headers: { Authorization: `Bearer ${owner}` },
      });
      expect(text).toBe(await stored.text());
      await page.getByTestId("revisions-message").getByText("Downloaded revision 1").waitFor();
    });

    await step("restoring revision 1 stores revision 3 with revision 1's content", async () => {
      expect(await page.getByTestId("revision-restore-2").count()).toBe(0); // the newest is not restored
      await page.getByTestId("revision-restore-1").click();
      await page.getByTestId("revisions-message").getByText("Restored revision 1 as revision 3").waitFor();
      await page.locator('[data-testid="revision-row"][data-revision="3"]').waitFor();
      expect(await page.getByTestId("revision-row").count()).toBe(3);
      const three = await hub("GET", `/workflows/${id}/revisions/3`, owner);
      const one = await hub("GET", `/workflows/${id}/revisions/1`, owner);
      expect(three.content).toEqual(one.content);
      expect(three.message).toBe("Restored revision 1");
      // The newest against the one before again: the restore undoes revision 2's changes.
      await page.getByTestId("diff-title").getByText("Revision 2 → revision 3").waitFor();
      const shown = await marks(page);
      expect(shown.tools).toMatchObject({ select_1: "added", sample_1: "removed", filter_1: "changed" });
      await page.locator('[data-testid="revision-row"][data-revision="3"]').getByText("Restored revision 1").waitFor();
    });

    await step("revision 1 against revision 3: the same workflow", async () => {
      await page.getByTestId("revision-before-1").check();
      await page.getByTestId("diff-title").getByText("Revision 1 → revision 3").waitFor();
      await page.getByTestId("diff-none").waitFor();
      expect(await page.locator("[data-testid=diff-canvas] [data-diff]").count()).toBe(0);
      await bothThemes(page, "revisions-restored");
    });

    await step(
      "back to the list; the workflow opens in the designer from its page, and its revision there leads back",
      async () => {
        await page.getByTestId("revisions-back").click();
        await page.getByTestId("workflows-table").waitFor();
        await page.goBack();
        await page.getByTestId("revisions-page").waitFor();
        await page.getByTestId("revisions-open").click();
        await page.getByTestId("toolbar-hub-workflow").waitFor();
        expect(await page.getByTestId("toolbar-hub-workflow").getAttribute("data-revision")).toBe("3");
        // The designer's Hub revision leads back to the revisions.
        await page.getByTestId("toolbar-hub-workflow").click();
        await page.getByTestId("revisions-page").waitFor();
        await page.getByTestId("diff-title").getByText("Revision 2 → revision 3").waitFor();
      },
    );

    expect(problems.list).toEqual([]);
    await context.close();

    await step("an admin reads the revisions with their authors' names, may download, may not restore", async () => {
      await hub("POST", "/users", owner, { username: "ada", password: PASSWORD, role: "admin" });
      const admin = await openPage(browser);
      await admin.page.goto(weft.url);
      await admin.page.getByTestId("sign-in-username").fill("ada");
      await admin.page.getByTestId("sign-in-password").fill(PASSWORD);
      await admin.page.getByTestId("sign-in-submit").click();
      await admin.page.getByTestId("hub-nav-workflows").click();
      await admin.page.getByTestId("workflow-revisions").click();
      await admin.page.getByTestId("revisions-page").waitFor();
      const rows = admin.page.getByTestId("revision-row");
      await rows.first().getByText("olga").waitFor();
      expect(await rows.count()).toBe(3);
      expect(await admin.page.getByTestId("revision-download-1").count()).toBe(1);
      expect(await admin.page.locator('[data-testid^="revision-restore-"]').count()).toBe(0);
      expect(admin.problems.list).toEqual([]);
      await admin.context.close();
    });
  }, 180_000);
});
