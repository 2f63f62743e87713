/**
 * The toolbar's files on this computer (Download, Open from this computer, autosave; the
 * Server's files are server-files.test.ts), its keyboard shortcuts and
 * theme, and the side pages (code, history, connections), in Debian's Chromium against a
 * real Server. The workflow is built through the test hook (`?e2e=1` → window.__weft), so
 * these tests do not depend on dragging tools about (designer.test.ts does that).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, screenshot, step } from "./browser";
import { answerNextConfirm } from "./person";
import { autosaved, buildSalesWorkflow, docOf, openDesigner } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eServer } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  server = await startE2eServer();
  writeFileSync(join(server.files, "sales.csv"), "region,amount\nnorth,10\nsouth,20\nnorth,5\neast,7\n");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const designerUrl = () => `${server.openUrl}&e2e=1`;
const freshDesigner = (options: Parameters<typeof openDesigner>[2] = {}) =>
  openDesigner(browser, server.openUrl, options);
const buildWorkflow = (page: Page, name = "Sales by region") => buildSalesWorkflow(page, server.files, name);

describe.skipIf(!hasChromium)("toolbar: files, shortcuts, theme", () => {
  test("Download saves <name>.weft.json; Open from this computer reads it into a fresh page", async () => {
    const { context, page, problems } = await freshDesigner();
    await buildWorkflow(page);
    await page.getByTestId("toolbar-dirty").waitFor();
    await page.getByTestId("toolbar-save-menu").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("toolbar-download").click()]);
    expect(download.suggestedFilename()).toBe("sales-by-region.weft.json");
    const saved = join(server.files, download.suggestedFilename());
    await download.saveAs(saved);
    const text = readFileSync(saved, "utf8");
    const before = await docOf(page);
    expect(JSON.parse(text)).toEqual(before);
    expect(text.endsWith("\n")).toBe(true);
    // Saved: the unsaved mark goes; the message names the file.
    await page.getByTestId("toolbar-dirty").waitFor({ state: "detached" });
    expect(await page.getByTestId("toolbar-message").textContent()).toContain("sales-by-region.weft.json");
    expect(await page.getByTestId("toolbar-file").textContent()).toContain("sales-by-region.weft.json");
    await context.close();

    const fresh = await freshDesigner();
    await fresh.page.getByTestId("toolbar-open").click();
    const [chooser] = await Promise.all([
      fresh.page.waitForEvent("filechooser"),
      fresh.page.getByTestId("toolbar-open-computer").click(),
    ]);
    await chooser.setFiles(saved);
    await fresh.page.getByTestId("toolbar-message").getByText("Opened sales-by-region.weft.json").waitFor();
    expect(await docOf(fresh.page)).toEqual(before);
    expect(await fresh.page.getByTestId("toolbar-name").inputValue()).toBe("Sales by region");
    // Opening starts a new history: nothing to undo.
    expect(await fresh.page.getByTestId("toolbar-undo").isDisabled()).toBe(true);
    expect([...problems.list, ...fresh.problems.list]).toEqual([]);
    await fresh.context.close();
  }, 60_000);

  test("a file that is not a workflow is refused with a message", async () => {
    const { context, page } = await freshDesigner();
    const bad = join(server.files, "not-a-workflow.json");
    writeFileSync(bad, '{"hello": 1}');
    await page.getByTestId("toolbar-open-input").setInputFiles(bad);
    await page.getByTestId("toolbar-message").getByText("meta.workflow_id is missing").waitFor();
    expect((await docOf(page))?.tools).toEqual([]);
    await context.close();
  }, 60_000);

  test("a database password typed into a workflow: the URI field and the save message say the file keeps it", async () => {
    // The database does not exist: its previews fail, as the statuses below.
    const { context, page, problems } = await freshDesigner({ expectedStatuses: [400, 404, 424, 500, 502] });
    await page.evaluate(() => {
      const editor = window.__weft?.editor;
      editor?.setName("With a password");
      editor?.addTool(
        "input",
        { x: 80, y: 80 },
        { source_type: "postgresql", connection: { uri: "postgresql://ana:s3cret@127.0.0.1:1/shop" }, table: "t" },
      );
      editor?.select(["input_1"]);
    });
    await page.getByTestId("config-panel").getByText("The workflow file keeps this password as typed").waitFor();
    await page.getByTestId("toolbar-save-menu").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("toolbar-download").click()]);
    expect(download.suggestedFilename()).toBe("with-a-password.weft.json");
    expect(await page.getByTestId("toolbar-message").textContent()).toContain("keeps input_1's database password");
    // A URI without a password says nothing of the kind.
    await page.evaluate(() =>
      window.__weft?.editor.setConfig("input_1", {
        source_type: "postgresql",
        connection: { uri: "postgresql://reader@127.0.0.1:1/shop" },
        table: "t",
      }),
    );
    await page
      .getByTestId("config-panel")
      .getByText("The workflow file keeps this password")
      .waitFor({ state: "detached" });
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("autosave restores the workflow after a reload, with a notice", async () => {
    const { context, page, problems } = await freshDesigner();
    await buildWorkflow(page, "Autosaved");
    const before = await docOf(page);
    await autosaved(page);
    await page.reload();
    await page.waitForFunction(() => window.__weft !== undefined);
    await page.getByTestId("autosave-notice").waitFor();
    expect(await page.getByTestId("autosave-notice").textContent()).toContain("Autosaved");
    expect(await docOf(page)).toEqual(before);
    // Still unsaved in a file after the reload.
    await page.getByTestId("toolbar-dirty").waitFor();
    // "Start a new workflow instead" asks first, as New does: Cancel keeps the draft and the notice.
    const declined = answerNextConfirm(page, false);
    await page.getByTestId("autosave-discard").click();
    // The click returns once the question was answered (without one, the draft is gone by now).
    expect(await docOf(page)).toEqual(before);
    expect(await declined).toBe("Discard the unsaved changes to “Autosaved”?");
    await page.getByTestId("autosave-notice").waitFor();
    await page.getByTestId("toolbar-dirty").waitFor();
    // OK empties it, and a reload then restores nothing.
    const accepted = answerNextConfirm(page, true);
    await page.getByTestId("autosave-discard").click();
    await accepted;
    expect((await docOf(page))?.tools).toEqual([]);
    await autosaved(page);
    await page.reload();
    await page.waitForFunction(() => window.__weft !== undefined);
    expect(await page.getByTestId("autosave-notice").count()).toBe(0);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("autosave keeps one copy per workflow: two tabs each get their own back after a reload", async () => {
    const { context, page: a, problems } = await freshDesigner();
    await buildWorkflow(a, "Workflow A");
    await autosaved(a);
    // A second tab of the same browser opens on what was edited last, then loads another workflow.
    const b = await context.newPage();
    await b.goto(designerUrl());
    await b.waitForFunction(() => window.__weft !== undefined);
    expect((await docOf(b))?.meta.name).toBe("Workflow A");
    await b.evaluate(() =>
      window.__weft?.editor.load({
        meta: { workflow_id: "wf-tab-b", name: "Workflow B" },
        tools: [{ id: "sort_1", type: "sort", config: {}, position: { x: 80, y: 80 } }],
        wires: [],
      }),
    );
    await autosaved(b);
    for (const [page, name] of [
      [a, "Workflow A"],
      [b, "Workflow B"],
    ] as const) {
      await page.reload();
      await page.waitForFunction(() => window.__weft !== undefined);
      expect((await docOf(page))?.meta.name).toBe(name);
    }
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("keyboard: Ctrl+S saves, Ctrl+O opens, the Open menu, Undo/Redo follow the history", async () => {
    const { context, page } = await freshDesigner();
    expect(await page.getByTestId("toolbar-undo").isDisabled()).toBe(true);
    await buildWorkflow(page);
    expect(await page.getByTestId("toolbar-undo").isEnabled()).toBe(true);
    await step("Undo", () => page.getByTestId("toolbar-undo").click());
    expect(await page.getByTestId("toolbar-redo").isEnabled()).toBe(true);
    await step("Redo", () => page.getByTestId("toolbar-redo").click());
    // Ctrl+S also works while typing in a field: a workflow not saved yet asks where (Save as).
    const dialog = page.getByTestId("workflow-picker");
    await page.getByTestId("toolbar-name").focus();
    await step("Ctrl+S opens Save as", async () => {
      await page.keyboard.press("Control+s");
      await dialog.waitFor();
    });
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Save the workflow on the Server");
    await step("Escape closes it", async () => {
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    });
    await step("Ctrl+O opens the Server's files", async () => {
      await page.keyboard.press("Control+o");
      await dialog.waitFor();
    });
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Open a workflow from the Server");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The Open menu by keyboard: ↓ opens it on its first item, ↓ again, Enter chooses. (The
    // chooser is awaited from the start: Playwright needs a moment to start intercepting it.)
    const chosen = page.waitForEvent("filechooser");
    await page.getByTestId("toolbar-open").focus();
    await page.keyboard.press("ArrowDown");
    await step("the menu opens", () => page.getByTestId("toolbar-open-server").waitFor());
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const chooser = await step("From this computer… opens the file chooser", () => chosen);
    expect(chooser.isMultiple()).toBe(false);
    await page.getByTestId("toolbar-open-server").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("toolbar-open");
    // Every toolbar control is reachable by Tab and has a name.
    const unnamed = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '[data-testid="toolbar"] button, [data-testid="toolbar"] select, [data-testid="toolbar"] input:not([type=file])',
        ),
      ]
        .filter(
          (el) =>
            !(
              el.textContent?.trim() ||
              el.getAttribute("aria-label") ||
              (el as HTMLElement).closest("label")?.textContent?.trim()
            ),
        )
        .map((el) => el.outerHTML),
    );
    expect(unnamed).toEqual([]);
    await context.close();
  }, 60_000);

  test("theme: the choice sets <html data-theme> and is kept across reloads", async () => {
    const { context, page, problems } = await freshDesigner();
    await page.getByTestId("toolbar-theme").selectOption("dark");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.reload();
    await page.getByTestId("toolbar-theme").waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.getByTestId("toolbar-theme").inputValue()).toBe("dark");
    await screenshot(page, "designer-dark");
    await page.getByTestId("toolbar-theme").selectOption("system");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});

describe.skipIf(!hasChromium)("side pages", () => {
  test("Code shows the workflow as Python; Copy puts it on the clipboard", async () => {
    const { context, page, problems } = await freshDesigner();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await buildWorkflow(page);
    await page.getByTestId("toolbar-code").click();
    await page.getByTestId("page-code").waitFor();
    expect(page.url()).toContain("#/code");
    const code = page.getByTestId("code-view");
    await code.waitFor();
    const text = (await code.textContent()) ?? "";
    expect(text).toContain("import polars as pl");
    expect(text).toContain("sales.csv");
    await page.getByTestId("code-copy").click();
    await page.getByTestId("code-copy").getByText("Copied").waitFor();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(text);
    await screenshot(page, "page-code");
    // Escape returns to the designer.
    await page.keyboard.press("Escape");
    await page.getByTestId("page-code").waitFor({ state: "detached" });
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("History lists runs newest first and opens a run's workflow", async () => {
    const { context, page, problems } = await freshDesigner();
    await buildWorkflow(page, "Archived run");
    const workflow = await docOf(page);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}api/workflow/execute`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${server.token}` },
        body: JSON.stringify({ workflow }),
      });
      expect(res.status).toBe(200);
    }
    // New asks before it drops unsaved changes.
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await page.getByTestId("toolbar-new").click();
    expect(asked).toEqual(["Discard the unsaved changes to “Archived run”?"]);
    expect((await docOf(page))?.tools).toEqual([]);
    await page.getByTestId("toolbar-history").click();
    const table = page.getByTestId("history-table");
    await table.waitFor();
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    const times = await table.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
    expect(times).toEqual([...times].sort().reverse());
    expect(await rows.first().textContent()).toContain("Archived run");
    expect(await rows.first().textContent()).toContain("success");
    await screenshot(page, "page-history");
    await rows
      .first()
      .getByRole("button", { name: /^Details/ })
      .click();
    await table.getByText("wrote 3 rows").waitFor();
    await rows.first().getByTestId("history-open").click();
    await page.getByTestId("page-history").waitFor({ state: "detached" });
    const opened = await docOf(page);
    expect(opened?.tools.map((t) => t.id)).toEqual(["input_1", "summarize_1", "output_1"]);
    expect(opened?.meta.name).toBe("Archived run");
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("Connections: add a SQLite connection, test it, delete it", async () => {
    const { context, page, problems } = await freshDesigner();
    const dbFile = join(server.files, "local.sqlite");
    writeFileSync(dbFile, "");
    page.on("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("toolbar-connections").click();
    await page.getByTestId("connections-empty").waitFor();
    await page.getByTestId("connection-name").fill("Local file");
    await page.getByTestId("connection-type").selectOption("sqlite");
    await page.getByTestId("connection-database").fill(dbFile);
    await page.getByTestId("connection-create").click();
    const row = page.getByTestId("connection-Local file");
    await row.waitFor();
    await row.getByRole("button", { name: "Test the connection Local file" }).click();
    await page.getByTestId("connection-test-Local file").getByText("✓").waitFor();
    await screenshot(page, "page-connections");
    // The same name again is refused with a readable message.
    await page.getByTestId("connection-name").fill("Local file");
    await page.getByTestId("connection-type").selectOption("sqlite");
    await page.getByTestId("connection-database").fill(dbFile);
    await page.getByTestId("connection-create").click();
    await page.getByText("exists already").waitFor();
    await row.getByRole("button", { name: "Delete the connection Local file" }).click();
    await page.getByTestId("connections-empty").waitFor();
    expect(problems.list.filter((p) => !p.includes("status of 409"))).toEqual([]);
    await context.close();
  }, 60_000);

  test("Connections without CONNECTION_ENCRYPTION_KEY explain how to enable them", async () => {
    const { context, page } = await freshDesigner();
    // As a Server without the key answers (the other tests' Server has one).
    await page.route("**/api/connections/", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ detail: "Server-managed connections are disabled" }),
      }),
    );
    await page.getByTestId("toolbar-connections").click();
    const note = page.getByTestId("connections-disabled");
    await note.waitFor();
    expect(await note.textContent()).toContain("CONNECTION_ENCRYPTION_KEY");
    expect(await page.getByTestId("connection-form").count()).toBe(0);
    await context.close();
  }, 60_000);

  test("pages are readable on a 4K screen (3840x2160 at 200%)", async () => {
    const { context, page, problems } = await freshDesigner({ width: 1920, height: 1080, scale: 2 });
    await buildWorkflow(page);
    await screenshot(page, "designer-4k");
    await page.getByTestId("toolbar-code").click();
    await page.getByTestId("code-view").waitFor();
    const size = await page.getByTestId("code-view").evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(12);
    await screenshot(page, "page-code-4k");
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});
