/**
 * The Executions area of the web app in `weft all`, in Debian's Chromium. The owner's list
 * follows runs live: a run queued behind a slow one on the Server's only engine process
 * (ENGINE_PROCESSES=1) shows "Running" until the slow one is cancelled, then "Succeeded",
 * with no reload. Its page shows each tool, the previews in the designer's grid, the log and
 * the downloads (read with the session); a slow run is cancelled from its page. A user sees
 * their own run without the auditor tabs; an auditor sees it with them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { placed, wire } from "../helpers/hub-workflows";
import { waitUntil } from "../helpers/wait";
import { countingQuery, SLOW_COUNT, writeEmptySqlite } from "../helpers/workflows";
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

/** How many jobs the Server's engine works on now (its public health). */
const engineBusy = async () =>
  ((await (await fetch(new URL("/api/health/", weft.url))).json()) as { engine: { busy: number } }).engine.busy;

const row = (page: Page, id: string) => page.locator(`[data-testid="execution-row"][data-execution-id="${id}"]`);

/** Waits until the list's row of run `id` shows `status` (the Hub's value; its words in the badge). */
async function rowSays(page: Page, id: string, status: string, words: string) {
  await row(page, id)
    .and(page.locator(`[data-status="${status}"]`))
    .waitFor();
  expect(await row(page, id).getByTestId("execution-status").textContent()).toBe(words);
}

async function signIn(page: Page, username: string) {
  await page.goto(`${weft.url}#/executions`);
  await page.getByTestId("sign-in-username").fill(username);
  await page.getByTestId("sign-in-password").fill(PASSWORD);
  await page.getByTestId("sign-in-submit").click();
}

describe.skipIf(!hasChromium)("the Executions area in `weft all`", () => {
  test("live statuses, a run's page, downloads, cancel, and who sees the auditor tabs", async () => {
    const { context, page, problems } = await openPage(browser);
    const files = weft.files;
    writeFileSync(join(files, "sales.csv"), "region,amount\nnorth,10\nsouth,20\neast,30\n");
    const counter = writeEmptySqlite(join(files, "empty.sqlite"));

    await step("the owner sets up the Hub and opens Executions: none yet", async () => {
      await page.goto(weft.url);
      await page.getByTestId("setup-username").fill("olga");
      await page.getByTestId("setup-password").fill(PASSWORD);
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("home-page").waitFor();
      await page.getByTestId("hub-nav-executions").click();
      await page.getByTestId("executions-empty").waitFor();
      await page.locator('[data-testid="executions-live"][data-live="true"]').waitFor();
      await bothThemes(page, "executions-empty");
    });

    const owner = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;
    await grantFolderToSelf(hub, owner, files);
    // An empty SQLite database in the same grant group: counting in it is the slow run.
    const sqlite = await hub("POST", "/connections", owner, {
      name: "Counter",
      type: "database",
      db_type: "sqlite",
      database: counter,
    });
    const grants = (await hub("GET", "/grant-groups", owner)).grant_groups[0];
    await hub("POST", `/grant-groups/${grants.id}/connections/${sqlite.id}`, owner);
    const sales = {
      meta: { workflow_id: "e2e-sales", name: "Sales copy" },
      tools: [
        placed("in", "input", { source: join(files, "sales.csv") }),
        placed("out", "output", { path: join(files, "sales-out.csv") }, 300),
      ],
      wires: [wire("in", "out")],
    };
    const salesId = (await hub("POST", "/workflows", owner, { name: "Sales copy", content: sales })).id;
    const slowId = (
      await hub("POST", "/workflows", owner, {
        name: "Counts for hours",
        content: {
          meta: { workflow_id: "e2e-slow", name: "Counts for hours" },
          tools: [
            placed("count", "input", {
              source_type: "sqlite",
              connection_id: sqlite.id,
              query: countingQuery(SLOW_COUNT),
            }),
            placed("out", "output", { path: join(files, "never.csv") }, 300),
          ],
          wires: [wire("count", "out")],
        },
      })
    ).id;
    const run = async (workflowId: string, token = owner) =>
      (await hub("POST", "/executions", token, { workflow_id: workflowId })).id as string;

    const slow = await run(slowId);
    let queuedBehind = "";
    await step("a run behind the slow one shows Running, then Succeeded when the slow one is cancelled", async () => {
      await rowSays(page, slow, "running", "Running");
      // The only engine process counts: the next run waits on the Server until it is free.
      await waitUntil(async () => (await engineBusy()) > 0, "the slow run on the Server's engine");
      queuedBehind = await run(salesId);
      await rowSays(page, queuedBehind, "running", "Running");
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      await hub("POST", `/executions/${slow}/cancel`, owner);
      await rowSays(page, slow, "cancelled", "Cancelled");
      await rowSays(page, queuedBehind, "succeeded", "Succeeded");
      // The same document: the list moved with the feed, nothing reloaded.
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await page.getByTestId("execution-row").count()).toBe(2);
      await row(page, queuedBehind).getByText("Sales copy").waitFor();
      await bothThemes(page, "executions");
    });

    await step("the filters are the Hub's: status and workflow", async () => {
      await page.getByTestId("executions-filter-status").selectOption("cancelled");
      await row(page, queuedBehind).waitFor({ state: "detached" });
      expect(await page.getByTestId("execution-row").count()).toBe(1);
      await page.getByTestId("executions-filter-status").selectOption("");
      await page.getByTestId("executions-filter-workflow").selectOption(salesId);
      await row(page, slow).waitFor({ state: "detached" });
      await row(page, queuedBehind).waitFor();
      await page.getByTestId("executions-filter-clear").click();
      await row(page, slow).waitFor();
    });

    await step("the run's page: its tools, previews in the grid, log, a download, the auditor tabs", async () => {
      await row(page, queuedBehind).getByTestId("execution-open").click();
      await page.getByTestId("execution-detail").waitFor();
      expect(await page.getByTestId("execution-detail-status").textContent()).toBe("Succeeded");
      const tools = page.getByTestId("execution-tool");
      await page.locator('[data-testid="execution-tool"][data-tool-id="out"][data-state="success"]').waitFor();
      expect(await tools.evaluateAll((els) => els.map((e) => `${e.dataset.toolId}:${e.dataset.state}`))).toEqual([
        "in:success",
        "out:success",
      ]);
      const grid = page.getByTestId("execution-previews").getByTestId("preview-grid");
      await grid.getByText("south").waitFor();
      await grid.getByTestId("grid-header-amount").waitFor();
      await page.getByTestId("execution-log").getByText("tool out: success").waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("execution-download-output").click(),
      ]);
      expect(download.suggestedFilename()).toBe("outputs.json");
      const written = JSON.parse(readFileSync((await download.path()) as string, "utf8"));
      expect(written.files).toEqual([{ tool_id: "out", path: join(files, "sales-out.csv"), rows: 3 }]);
      // The owner is above auditor: the tabs are there; the code tab holds the Python.
      await page.getByTestId("execution-tab-code").click();
      await page.locator('[data-testid="execution-tab-panel"][data-view="code"]').getByText("import polars").waitFor();
      await page.getByTestId("execution-tab-record").click();
      await page.getByTestId("execution-detail").evaluate((el) => el.scrollTo(0, 0));
      await bothThemes(page, "execution-detail");
      await page.getByTestId("execution-audit").evaluate((el) => el.scrollIntoView());
      await bothThemes(page, "execution-detail-audit");
    });

    await step("a slow run is cancelled from its page", async () => {
      await waitUntil(async () => (await engineBusy()) === 0, "the Server's engine free again");
      const again = await run(slowId);
      await page.getByTestId("execution-back").click();
      await row(page, again).getByTestId("execution-open").click();
      await page.locator('[data-testid="execution-detail-status"][data-status="running"]').waitFor();
      // Its tool's report came while another page of the area was open: it is not lost.
      await page.locator('[data-testid="execution-tool"][data-tool-id="count"][data-state="running"]').waitFor();
      await page.getByTestId("execution-log").getByText("tool count: running").waitFor();
      await bothThemes(page, "execution-running");
      await page.getByTestId("execution-cancel").click();
      await page.locator('[data-testid="execution-detail-status"][data-status="cancelled"]').waitFor();
      expect(await page.getByTestId("execution-cancel").count()).toBe(0);
      expect((await hub("GET", `/executions/${again}`, owner)).status).toBe("cancelled");
      await waitUntil(async () => (await engineBusy()) === 0, "the Server to stop the cancelled work");
    });
    expect(problems.list).toEqual([]);
    await context.close();

    // A user of the same group, and an auditor.
    const analysts = (await hub("GET", "/groups", owner)).groups[0];
    const ursula = await hub("POST", "/users", owner, { username: "ursula", password: PASSWORD, role: "user" });
    await hub("POST", `/users`, owner, { username: "audrey", password: PASSWORD, role: "auditor" });
    await hub("POST", `/groups/${analysts.id}/members`, owner, { user_id: ursula.id });
    const userToken = (await hub("POST", "/auth/login", undefined, { username: "ursula", password: PASSWORD })).token;
    const hers = (await hub("POST", "/workflows", userToken, { name: "Ursula's sales", content: sales })).id;
    const herRun = await run(hers, userToken);
    await waitUntil(
      async () => (await hub("GET", `/executions/${herRun}`, userToken)).status === "succeeded",
      "the user's run to succeed",
    );

    await step("a user sees only their own run, and its page has no auditor tabs", async () => {
      const as = await openPage(browser);
      await signIn(as.page, "ursula");
      await rowSays(as.page, herRun, "succeeded", "Succeeded");
      expect(await as.page.getByTestId("execution-row").count()).toBe(1);
      await row(as.page, herRun).getByTestId("execution-open").click();
      await as.page.getByTestId("execution-tools").waitFor();
      await as.page.getByTestId("execution-previews").getByText("south").waitFor();
      expect(await as.page.getByTestId("execution-who").textContent()).toBe("You");
      expect(await as.page.getByTestId("execution-audit").count()).toBe(0);
      // Run again: the same revision, a new run, its page opened.
      await as.page.getByTestId("execution-run-again").click();
      await as.page.waitForFunction((id) => !location.hash.endsWith(id), herRun);
      await as.page.locator('[data-testid="execution-detail-status"][data-status="succeeded"]').waitFor();
      const rerun = decodeURIComponent((await as.page.evaluate(() => location.hash)).split("/")[2] ?? "");
      expect(await hub("GET", `/executions/${rerun}`, userToken)).toMatchObject({ status: "succeeded", revision: 1 });
      expect(as.problems.list).toEqual([]);
      await as.context.close();
    });

    await step("an auditor sees every run, and the user's run with the auditor tabs", async () => {
      const as = await openPage(browser);
      await signIn(as.page, "audrey");
      await rowSays(as.page, herRun, "succeeded", "Succeeded");
      expect(await as.page.getByTestId("execution-row").count()).toBe(5);
      await row(as.page, herRun).getByTestId("execution-row-who").getByText("ursula", { exact: true }).waitFor();
      await row(as.page, herRun).getByTestId("execution-open").click();
      await as.page.getByTestId("execution-audit").waitFor();
      await as.page.getByTestId("execution-tab-connections").click();
      await as.page
        .locator('[data-testid="execution-tab-panel"][data-view="connections"]')
        .getByText("named no connection")
        .waitFor();
      expect(await as.page.getByTestId("execution-cancel").count()).toBe(0);
      expect(as.problems.list).toEqual([]);
      await as.context.close();
    });
  }, 240_000);
});
