/**
 * Workflows saved on and opened from the Server (GET/PUT /api/files/workflow) through the
 * toolbar: Save as into a folder, Open in a fresh page from the Server dialog (the same
 * document, and a run writes the same file), Save back with the conflict check when someone
 * else saved meanwhile, and Save as onto an existing name. Debian's Chromium, a real Server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, screenshot, step } from "./browser";
import { answerNextConfirm } from "./person";
import { autosaved, buildSalesWorkflow, docOf, openDesigner } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eServer } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

let server: E2eServer;
let browser: Browser;
let flows: string;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  server = await startE2eServer();
  writeFileSync(join(server.files, "sales.csv"), "region,amount\nnorth,10\nsouth,20\nnorth,5\neast,7\n");
  flows = join(server.files, "flows");
  mkdirSync(flows);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh context (no autosave, no recent files) on the designer. 409s are provoked on purpose. */
const freshDesigner = () => openDesigner(browser, server.openUrl, { expectedStatuses: [409] });
const buildWorkflow = (page: Page, name: string) => buildSalesWorkflow(page, server.files, name);
const message = (page: Page) => page.getByTestId("toolbar-message");
const picker = (page: Page) => page.getByTestId("workflow-picker");
/** Saves with `action` and waits until it is done: the unsaved mark goes (an older "Saved" message may still show). */
async function saveAndWait(page: Page, action: () => Promise<void>) {
  await page.getByTestId("toolbar-dirty").waitFor();
  await action();
  await page.getByTestId("toolbar-dirty").waitFor({ state: "detached" });
  await message(page).getByText("Saved ").waitFor();
}
async function runAndRead(page: Page): Promise<string> {
  const output = join(server.files, "by-region.csv");
  rmSync(output, { force: true });
  await page.getByTestId("toolbar-run").click();
  await message(page).getByText("Run finished").waitFor({ timeout: 30_000 });
  return readFileSync(output, "utf8");
}

describe.skipIf(!hasChromium)("workflows on the Server", () => {
  test("Save as into a folder, open it in a fresh page, run it again; Save with a conflict asks first", async () => {
    const first = await freshDesigner();
    const a = first.page;
    await buildWorkflow(a, "Sales flow");
    const output = await step("run the new workflow", () => runAndRead(a));
    expect(output).toContain("north");

    // Ctrl+S on a workflow never saved on the Server: Save as, in the first root.
    await step("Ctrl+S opens Save as", async () => {
      await a.keyboard.press("Control+s");
      await picker(a).waitFor();
    });
    expect(await picker(a).getByRole("heading", { level: 2 }).textContent()).toBe("Save the workflow on the Server");
    expect(await a.getByTestId("file-picker-name").inputValue()).toBe("sales-flow.weft.json");
    // Only folders and workflows are listed: the CSV files are not.
    await picker(a).getByTestId("file-picker-entry-flows").waitFor();
    expect(await picker(a).getByTestId("file-picker-entry-sales.csv").count()).toBe(0);
    await picker(a).getByTestId("file-picker-entry-flows").click();
    await a.getByTestId("file-picker-name").fill("sales flow");
    await screenshot(a, "server-files-save-as");
    await a.getByTestId("file-picker-choose").click();
    const path = join(flows, "sales flow.weft.json");
    await message(a).getByText(`Saved ${path}`).waitFor();
    const saved = await docOf(a);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(saved);
    expect(readFileSync(path, "utf8").endsWith("}\n")).toBe(true);
    await a.getByTestId("toolbar-dirty").waitFor({ state: "detached" });
    expect(await a.getByTestId("toolbar-file").textContent()).toContain("sales flow.weft.json");
    expect(await a.getByTestId("toolbar-file").getAttribute("title")).toBe(path);

    // A fresh page opens it from the Server dialog: the same document, and the same output.
    const second = await freshDesigner();
    const b = second.page;
    await step("Open → From the Server…", async () => {
      await b.getByTestId("toolbar-open").click();
      await b.getByTestId("toolbar-open-server").click();
      await picker(b).waitFor();
    });
    await picker(b).getByTestId("file-picker-search").fill("sales");
    await picker(b).getByTestId("file-picker-entry-sales flow.weft.json").waitFor();
    // The search finds workflows only (sales.csv matches the name but is not one).
    expect(await picker(b).getByTestId("file-picker-entry-sales.csv").count()).toBe(0);
    await picker(b).getByTestId("file-picker-entry-sales flow.weft.json").click();
    await screenshot(b, "server-files-open");
    await b.getByTestId("file-picker-choose").click();
    await message(b).getByText(`Opened ${path}`).waitFor();
    expect(await docOf(b)).toEqual(saved);
    expect(await b.getByTestId("toolbar-name").inputValue()).toBe("Sales flow");
    expect(await b.getByTestId("toolbar-dirty").count()).toBe(0);
    expect(await step("run the opened workflow", () => runAndRead(b))).toBe(output);

    // Someone else (the first page) saves a change; Save in the second page must not drop it silently.
    await a.getByTestId("toolbar-name").fill("Sales flow, edited in A");
    await saveAndWait(a, () => a.getByTestId("toolbar-save").click());
    expect(JSON.parse(readFileSync(path, "utf8")).meta.name).toBe("Sales flow, edited in A");

    await b.getByTestId("toolbar-name").fill("Sales flow, edited in B");
    const kept = answerNextConfirm(b, false);
    await b.getByTestId("toolbar-save").click();
    expect(await kept).toContain("changed or removed on the Server since you opened it");
    await message(b).getByText("Not saved").waitFor();
    expect(JSON.parse(readFileSync(path, "utf8")).meta.name).toBe("Sales flow, edited in A");
    await b.getByTestId("toolbar-dirty").waitFor();

    const replaced = answerNextConfirm(b, true);
    await b.keyboard.press("Control+s");
    await replaced;
    await message(b).getByText(`Saved ${path}`).waitFor();
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(await docOf(b));
    await b.getByTestId("toolbar-dirty").waitFor({ state: "detached" });

    // Saved without conflict now: the Server's new time was kept.
    await b.getByTestId("toolbar-name").fill("Sales flow, again in B");
    await saveAndWait(b, () => b.keyboard.press("Control+s"));
    expect(JSON.parse(readFileSync(path, "utf8")).meta.name).toBe("Sales flow, again in B");

    // After a reload (the autosave), the workflow still knows its file: Save writes there, no conflict.
    await autosaved(b, true);
    await b.reload();
    await b.waitForFunction(() => window.__weft !== undefined);
    await b.getByTestId("autosave-notice").waitFor();
    expect(await b.getByTestId("toolbar-file").getAttribute("title")).toBe(path);
    await b.getByTestId("toolbar-name").fill("Sales flow, after a reload");
    await saveAndWait(b, () => b.keyboard.press("Control+s"));
    expect(JSON.parse(readFileSync(path, "utf8")).meta.name).toBe("Sales flow, after a reload");

    expect([...first.problems.list, ...second.problems.list]).toEqual([]);
    await first.context.close();
    await second.context.close();
  }, 120_000);

  test("Save as onto an existing name asks before replacing it; Download still downloads", async () => {
    const { context, page, problems } = await freshDesigner();
    const existing = join(flows, "existing.weft.json");
    writeFileSync(existing, `${JSON.stringify({ meta: { workflow_id: "theirs", name: "Theirs" }, tools: [] })}\n`);
    await buildWorkflow(page, "Mine");

    // Ctrl+Shift+S: Save as, whatever the workflow's file.
    await page.keyboard.press("Control+Shift+s");
    await picker(page).waitFor();
    await picker(page).getByTestId("file-picker-entry-flows").click();
    await picker(page).getByTestId("file-picker-entry-existing.weft.json").click();
    expect(await page.getByTestId("file-picker-name").inputValue()).toBe("existing.weft.json");
    const declined = answerNextConfirm(page, false);
    await page.getByTestId("file-picker-choose").click();
    expect(await declined).toContain("“existing.weft.json” exists already");
    await message(page).getByText("the existing file was kept").waitFor();
    expect(JSON.parse(readFileSync(existing, "utf8")).meta.workflow_id).toBe("theirs");
    expect(await page.getByTestId("toolbar-file").count()).toBe(0);

    // The same through the Save menu, by keyboard, and accepted this time.
    await page.getByTestId("toolbar-save-menu").focus();
    await page.keyboard.press("ArrowDown");
    await page.getByTestId("toolbar-save-as").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("toolbar-save-as");
    await page.keyboard.press("Enter");
    await picker(page).waitFor();
    // A declined save is not a recent workflow: the dialog starts in the root again.
    await picker(page).getByTestId("file-picker-entry-flows").click();
    await page.getByTestId("file-picker-name").fill("existing");
    const accepted = answerNextConfirm(page, true);
    await page.getByTestId("file-picker-name").press("Enter");
    await accepted;
    await message(page).getByText(`Saved ${existing}`).waitFor();
    expect(JSON.parse(readFileSync(existing, "utf8"))).toEqual(await docOf(page));

    // Download gives a copy; the workflow's file stays the Server's.
    await page.getByTestId("toolbar-name").fill("Mine, changed");
    await page.getByTestId("toolbar-save-menu").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("toolbar-download").click()]);
    expect(download.suggestedFilename()).toBe("existing.weft.json");
    await message(page).getByText("Downloaded a copy as existing.weft.json").waitFor();
    // Still unsaved on the Server.
    await page.getByTestId("toolbar-dirty").waitFor();
    expect(await page.getByTestId("toolbar-file").getAttribute("title")).toBe(existing);
    expect(existsSync(join(flows, ".weft.json"))).toBe(false);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("an untitled workflow takes its file's name on Save as (and History lists its runs by it) and on Open", async () => {
    const { context, page, problems } = await freshDesigner();
    await buildWorkflow(page, "Untitled workflow");
    await page.keyboard.press("Control+s");
    await picker(page).waitFor();
    await picker(page).getByTestId("file-picker-entry-flows").click();
    await page.getByTestId("file-picker-name").fill("revenue-by-segment");
    await page.getByTestId("file-picker-choose").click();
    const path = join(flows, "revenue-by-segment.weft.json");
    await message(page).getByText(`Saved ${path}`).waitFor();
    expect(await page.getByTestId("toolbar-name").inputValue()).toBe("revenue-by-segment");
    // The file holds the name, and the workflow is as saved.
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(await docOf(page));
    expect((await docOf(page))?.meta.name).toBe("revenue-by-segment");
    await page.getByTestId("toolbar-dirty").waitFor({ state: "detached" });

    // The run sends the name: the archive's workflow_name, which History lists.
    await step("run the saved workflow", () => runAndRead(page));
    await page.getByTestId("toolbar-history").click();
    const newest = page.getByTestId("history-table").locator("tbody tr").first();
    await newest.waitFor();
    expect(await newest.locator("td").first().textContent()).toBe("revenue-by-segment");

    // Opening an untitled workflow's file names it after the file, without an unsaved mark.
    const untitled = join(flows, "from-disk.weft.json");
    writeFileSync(
      untitled,
      `${JSON.stringify({ meta: { workflow_id: "wf-from-disk", name: "Untitled workflow" }, tools: [] })}\n`,
    );
    const other = await freshDesigner();
    await other.page.keyboard.press("Control+o");
    await picker(other.page).waitFor();
    await picker(other.page).getByTestId("file-picker-entry-flows").click();
    await picker(other.page).getByTestId("file-picker-entry-from-disk.weft.json").dblclick();
    await message(other.page).getByText(`Opened ${untitled}`).waitFor();
    expect(await other.page.getByTestId("toolbar-name").inputValue()).toBe("from-disk");
    expect(await other.page.getByTestId("toolbar-dirty").count()).toBe(0);
    expect([...problems.list, ...other.problems.list]).toEqual([]);
    await context.close();
    await other.context.close();
  }, 60_000);

  test("the Server dialog in the dark theme, and a file that is not a workflow", async () => {
    const { context, page } = await freshDesigner();
    writeFileSync(join(flows, "broken.weft.json"), "{ not json");
    await page.getByTestId("toolbar-theme").selectOption("dark");
    await page.keyboard.press("Control+o");
    await picker(page).waitFor();
    await picker(page).getByTestId("file-picker-entry-flows").click();
    await picker(page).getByTestId("file-picker-entry-broken.weft.json").dblclick();
    await message(page).getByText("Could not open broken.weft.json").waitFor();
    expect(await message(page).textContent()).toContain("is not JSON");
    expect((await docOf(page))?.tools).toEqual([]);
    await page.keyboard.press("Control+o");
    await picker(page).waitFor();
    await screenshot(page, "server-files-open-dark");
    await page.keyboard.press("Escape");
    await picker(page).waitFor({ state: "detached" });
    await context.close();
  }, 60_000);
});
