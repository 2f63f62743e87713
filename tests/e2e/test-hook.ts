import type { Browser, Page } from "playwright-core";
import { openPage } from "./browser";

/**
 * The designer driven through its test hook (`?e2e=1` → window.__weft): for tests about
 * what surrounds the canvas, which need a workflow without dragging it together by hand
 * (designer.test.ts does that).
 */

/** A fresh context (own storage) on the designer at `openUrl`, once the test hook is set. */
export async function openDesigner(browser: Browser, openUrl: string, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser, options);
  await opened.page.goto(`${openUrl}&e2e=1`);
  await opened.page.waitForFunction(() => window.__weft !== undefined);
  return opened;
}

/** Input (`<dir>/sales.csv`) → Summarize (sum of amount by region) → Output (`<dir>/by-region.csv`). */
export async function buildSalesWorkflow(page: Page, dir: string, name: string): Promise<void> {
  await page.evaluate(
    ({ dir, name }) => {
      const editor = window.__weft?.editor;
      if (!editor) throw new Error("no test hook");
      editor.setName(name);
      editor.addTool("input", { x: 60, y: 80 }, { source: `${dir}/sales.csv` });
      editor.addTool(
        "summarize",
        { x: 300, y: 80 },
        { group_by: ["region"], aggregations: [{ column: "amount", function: "sum" }] },
      );
      editor.addTool("output", { x: 540, y: 80 }, { path: `${dir}/by-region.csv` });
      editor.connect({ source: "input_1", source_socket: "output", target: "summarize_1", target_socket: "input" });
      editor.connect({ source: "summarize_1", source_socket: "output", target: "output_1", target_socket: "input" });
    },
    { dir, name },
  );
}

/** The workflow document the editor holds. */
export const docOf = (page: Page) => page.evaluate(() => window.__weft?.editor.snapshot());

/**
 * Waits until this tab's autosaved copy (web/src/state/autosave.ts) holds the editor's
 * document, and with `savedOnServer` a Server location and no unsaved changes: the debounce
 * has passed and the write happened, however long that took.
 */
export async function autosaved(page: Page, savedOnServer = false): Promise<void> {
  await page.waitForFunction((savedOnServer) => {
    const id = sessionStorage.getItem("weft.autosave.tab");
    const text = id === null ? null : localStorage.getItem(`weft.autosave.v2.${id}`);
    const doc = window.__weft?.editor.snapshot();
    if (text === null || doc === undefined) return false;
    const stored = JSON.parse(text) as { doc: unknown; server: unknown; dirty: boolean };
    if (savedOnServer && (stored.server === null || stored.dirty)) return false;
    return JSON.stringify(stored.doc) === JSON.stringify(doc);
  }, savedOnServer);
}
