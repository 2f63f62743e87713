import type { Locator, Page } from "playwright-core";

/** What a person does with the mouse and keyboard in the designer (designer.test.ts). */

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`not visible: ${locator}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a tool from the palette and drops it at (x, y) of the canvas (HTML drag and drop). */
export async function dragFromPalette(page: Page, type: string, at: { x: number; y: number }): Promise<void> {
  await page.getByTestId(`palette-item-${type}`).dragTo(page.getByTestId("canvas"), { targetPosition: at });
}

/** Presses on one element and releases on another, moving in steps as a hand does. */
export async function dragBetween(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await centre(from);
  const b = await centre(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 6 });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

/** Wires an output socket to an input socket by dragging; answers the wire's test id. */
export async function wire(page: Page, source: string, sourceSocket: string, target: string, targetSocket: string) {
  await dragBetween(
    page,
    page.getByTestId(`socket-${source}-${sourceSocket}`),
    page.getByTestId(`socket-${target}-${targetSocket}`),
  );
  const id = `wire-w_${source}_${sourceSocket}_${target}_${targetSocket}`;
  await page.getByTestId(id).waitFor({ state: "attached" });
  return id;
}

/** Selects a tool by clicking its title (not a socket). */
export async function selectTool(page: Page, id: string): Promise<Locator> {
  const tool = page.getByTestId(`tool-${id}`);
  const box = await tool.boundingBox();
  if (!box) throw new Error(`tool ${id} is not on the canvas`);
  await page.mouse.click(box.x + box.width / 2, box.y + Math.min(14, box.height / 3));
  const panel = page.getByTestId("config-panel");
  await panel.getByText(id).first().waitFor();
  return panel;
}

/** A tool's config as the editor holds it (through the test hook). */
export function configOf(page: Page, id: string): Promise<Record<string, unknown> | undefined> {
  return page.evaluate((toolId) => {
    const tool = window.__weft?.editor.tool(toolId);
    return tool ? (JSON.parse(JSON.stringify(tool.config)) as Record<string, unknown>) : undefined;
  }, id);
}

/** Answers the next window.confirm with `accept` (OK or Cancel); resolves to its question. */
export function answerNextConfirm(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

/** Waits until a tool's badge shows `state` (ok, cached, error, running). */
export async function waitForStatus(page: Page, id: string, state: string, timeout = 15_000): Promise<void> {
  await page.locator(`[data-testid="tool-status-${id}"][data-state="${state}"]`).waitFor({ timeout });
}

/**
 * Runs `steps` in order, logging each; on a failure says which step failed (the steps that
 * wait on an unfinished area show up by name in the CI log).
 */
export async function steps(list: [string, () => Promise<void>][]): Promise<void> {
  for (const [name, run] of list) {
    const started = performance.now();
    try {
      await run();
    } catch (err) {
      console.error(`e2e step failed: ${name}`);
      throw err;
    }
    console.log(`e2e step ok (${Math.round(performance.now() - started)} ms): ${name}`);
  }
}
