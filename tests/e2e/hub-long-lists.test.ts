/**
 * A list of 10,000 stays one page's work in the browser (issue 19, item 7): with 10,000
 * workflows on the Hub, the Workflows page holds 50 rows, pages through the Hub's own paging,
 * and its search asks the Hub rather than filtering what it holds. The rows are written
 * straight into the Hub's SQLite database (10,000 API calls would only slow the test; the
 * API's paging is tested in src/hub/workflows).
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, hubApi } from "./hub-e2e";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

const PASSWORD = "a long enough passphrase 42";
const COUNT = 10_000;
let weft: Omit<E2eServer, "token">;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  weft = await startE2eAll();
  const owner = await hubApi(weft.url)("POST", "/auth/register", undefined, { username: "olga", password: PASSWORD });
  const db = new Database(join(weft.files, "..", "data", "hub.db"));
  db.exec("PRAGMA busy_timeout = 5000");
  const content = JSON.stringify({ meta: { workflow_id: "w" }, tools: [], wires: [] });
  const workflow = db.prepare(
    "INSERT INTO workflows (id, name, owner_id, current_revision, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
  );
  const revision = db.prepare(
    "INSERT INTO workflow_revisions (workflow_id, revision, content, content_sha256, author_id, created_at) VALUES (?, 1, ?, ?, ?, ?)",
  );
  const start = Date.UTC(2026, 0, 1);
  db.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const id = `wf-${String(i).padStart(5, "0")}`;
      // Updated one minute apart: the newest (the Hub lists by last change) is number 9999.
      const at = start + i * 60_000;
      workflow.run(id, `Report ${String(i).padStart(5, "0")}`, owner.user.id, at, at);
      revision.run(id, content, "0".repeat(64), owner.user.id, at);
    }
  })();
  db.close();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
});

describe.skipIf(!hasChromium)("long lists in `weft all`", () => {
  test("10,000 workflows: 50 rows on the page, the Hub pages and searches", async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${weft.url}#/workflows`);
    await page.getByTestId("sign-in-username").fill("olga");
    await page.getByTestId("sign-in-password").fill(PASSWORD);
    await page.getByTestId("sign-in-submit").click();
    const rows = page.getByTestId("workflow-row");

    await step("the first page: 50 rows of 10,000", async () => {
      await page.getByTestId("workflows-range").getByText("1–50 of 10,000").waitFor();
      expect(await rows.count()).toBe(50);
      await bothThemes(page, "workflows-10k");
    });

    await step("Next asks the Hub for the next 50", async () => {
      const first = await rows.first().getAttribute("data-workflow-id");
      await page.getByTestId("workflows-next").click();
      // The range follows the rows shown: it reads 51–100 once the Hub's next page is on screen.
      await page.getByTestId("workflows-range").getByText("51–100 of 10,000").waitFor();
      expect(await rows.count()).toBe(50);
      expect(await rows.first().getAttribute("data-workflow-id")).not.toBe(first);
    });

    await step("a search is the Hub's: it finds the one row among all 10,000", async () => {
      await page.getByTestId("workflows-search").fill("Report 00042");
      await page.getByTestId("workflows-range").getByText("1–1 of 1").waitFor();
      expect(await rows.allTextContents()).toEqual([expect.stringContaining("Report 00042")]);
    });

    expect(problems.list).toEqual([]);
    await context.close();
  }, 120_000);
});
