/**
 * Home and Schedules in `weft all`, in Debian's Chromium: the owner of a new Hub sees Home's
 * empty states, then schedules a saved workflow in the UI. The cron editor reads the
 * expression in words and lists its next five runs in the chosen zone (the same instants
 * croner and the Hub compute); a cron the Hub refuses is named at the field. The schedule is
 * saved, switched off and on, and run now: the run appears in its last runs and finishes
 * there live, and Home shows the workflow, the run and the schedule's next run.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Cron } from "croner";
import type { Browser } from "playwright-core";
import { countingQuery, SLOW_COUNT, writeEmptySqlite } from "../helpers/workflows";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, grantFolderToSelf, type HubCall, hubApi } from "./hub-e2e";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

const PASSWORD = "a long enough passphrase 42";
const CRON = "30 6 * * 1-5";
const ZONE = "America/New_York";

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

/** The next five occurrences after `now` by croner itself, as the Hub reads the cron. */
function croner(now: Date): string[] {
  const cron = new Cron(CRON, { timezone: ZONE, mode: "5-or-6-parts", paused: true });
  const out: string[] = [];
  let from = now;
  for (let i = 0; i < 5; i++) {
    const next = cron.nextRun(from);
    if (!next) break;
    out.push(next.toISOString());
    from = next;
  }
  return out;
}

describe.skipIf(!hasChromium)("Home and Schedules in `weft all`", () => {
  test("schedule a saved workflow with the cron editor, switch it, run it now; Home shows it all", async () => {
    const { context, page, problems } = await openPage(browser, { height: 900 });

    await step("the owner sets up the Hub and lands on Home, which says how to start", async () => {
      await page.goto(`${weft.url}?e2e=1`);
      await page.getByTestId("setup-username").fill("olga");
      await page.getByTestId("setup-password").fill(PASSWORD);
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("home-page").waitFor();
      await page.getByTestId("home-workflows-empty").getByText("Open the Designer").waitFor();
      await page.getByTestId("home-runs-empty").waitFor();
      await page.getByTestId("home-next-empty").waitFor();
      await bothThemes(page, "home-empty");
    });

    const owner = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;
    const csv = join(weft.files, "sales.csv");
    writeFileSync(csv, "region,amount\nnorth,10\nsouth,20\n");
    await step("a workflow that reads a granted CSV and writes one is saved on the Hub", async () => {
      await grantFolderToSelf(hub, owner, weft.files);
      await hub("POST", "/workflows", owner, {
        name: "Morning sales",
        content: {
          meta: { workflow_id: "wf-morning", name: "Morning sales" },
          tools: [
            { id: "in", type: "input", config: { source: csv }, position: { x: 0, y: 0 } },
            { id: "out", type: "output", config: { path: join(weft.files, "out.csv") }, position: { x: 300, y: 0 } },
          ],
          wires: [{ source: "in", source_socket: "output", target: "out", target_socket: "input" }],
        },
      });
    });

    await step("Schedules says how to make the first one", async () => {
      await page.getByTestId("hub-nav-schedules").click();
      await page.getByTestId("schedules-empty").getByText("New schedule").waitFor();
      await bothThemes(page, "schedules-empty");
    });

    const form = page.getByTestId("schedule-form");
    await step("the cron editor names what it cannot read at the field", async () => {
      await page.getByTestId("schedule-new").click();
      await form.waitFor();
      await page.getByTestId("schedule-workflow").getByText("Morning sales").waitFor({ state: "attached" });
      // The zone starts as the browser's own.
      const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(await page.getByTestId("cron-timezone").inputValue()).toBe(browserZone);
      await page.getByTestId("cron-input").fill("61 * * * *");
      await page.getByTestId("cron-problem").getByText("is not a valid cron expression").waitFor();
      expect(await page.getByTestId("cron-input").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByTestId("cron-next").count()).toBe(0);
      await page.getByTestId("cron-timezone").fill("Mars/Olympus");
      await page.getByTestId("timezone-problem").getByText("is not an IANA time zone").waitFor();
    });

    await step("a valid cron reads in words, with its next five runs in the chosen zone", async () => {
      await page.getByTestId("schedule-name").fill("Weekday sales");
      const before = croner(new Date());
      await page.getByTestId("cron-input").fill(CRON);
      await page.getByTestId("cron-timezone").fill(ZONE);
      await page.getByTestId("cron-words").getByText("At 06:30, Monday through Friday").waitFor();
      expect(await page.getByTestId("cron-words").textContent()).toBe(`At 06:30, Monday through Friday (${ZONE})`);
      const times = page.getByTestId("cron-next-time");
      await times.nth(4).waitFor();
      const shown = await times.evaluateAll((els) => els.map((el) => el.getAttribute("datetime")));
      // Computed in the page a moment after `before`: an occurrence may only have passed in between.
      expect([before, croner(new Date())]).toContainEqual(shown as string[]);
      for (const text of await times.allTextContents()) {
        expect(text).toMatch(/^(Mon|Tue|Wed|Thu|Fri), .* 06:30 (GMT-[45]|EST|EDT)$/);
      }
      await bothThemes(page, "schedules-editor");
    });

    let scheduleId = "";
    await step("saved, the schedule is listed with its words; the Hub has the same next runs", async () => {
      const shown = await page
        .getByTestId("cron-next-time")
        .evaluateAll((els) => els.map((el) => el.getAttribute("datetime")));
      await page.getByTestId("schedule-save").click();
      await form.waitFor({ state: "detached" });
      const row = page.getByTestId("schedule-row");
      await row.getByText("Weekday sales").waitFor();
      expect(await row.getByTestId("schedule-words").textContent()).toContain("At 06:30, Monday through Friday");
      const listed = (await hub("GET", "/schedules", owner)).schedules;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        name: "Weekday sales",
        cron: CRON,
        timezone: ZONE,
        enabled: true,
        overlap: "skip",
      });
      scheduleId = listed[0].id;
      expect(await row.getAttribute("data-schedule-id")).toBe(scheduleId);
      const hubNext = listed[0].next_runs.map((at: string) => new Date(at).toISOString());
      // The Hub computed them a moment after the page: an occurrence may only have passed in between.
      expect([shown, croner(new Date())]).toContainEqual(hubNext);
    });

    await step("switched off and on again", async () => {
      const toggle = page.getByTestId("schedule-toggle");
      expect(await toggle.getAttribute("aria-checked")).toBe("true");
      await toggle.click();
      await page.locator('[data-testid="schedule-toggle"][aria-checked="false"]').waitFor();
      expect((await hub("GET", `/schedules/${scheduleId}`, owner)).enabled).toBe(false);
      await page.getByTestId("schedule-next").getByText("Off").waitFor();
      await toggle.click();
      await page.locator('[data-testid="schedule-toggle"][aria-checked="true"]').waitFor();
      expect((await hub("GET", `/schedules/${scheduleId}`, owner)).enabled).toBe(true);
    });

    let runId = "";
    await step("Run now: the run appears in its last runs and finishes there live", async () => {
      await page.getByTestId("schedule-run-now").click();
      const run = page.getByTestId("schedule-run");
      await run.first().waitFor();
      runId = (await run.first().getAttribute("data-execution-id")) ?? "";
      const runs = (await hub("GET", `/executions?schedule_id=${scheduleId}`, owner)).executions;
      expect(runs.map((r: { id: string }) => r.id)).toEqual([runId]);
      await page.locator('[data-testid="schedule-run-status"][data-status="succeeded"]').waitFor();
      expect((await hub("GET", `/executions/${runId}`, owner)).status).toBe("succeeded");
      await bothThemes(page, "schedules");
    });

    await step("Home shows the workflow, the run and the next scheduled run", async () => {
      await page.getByTestId("hub-nav-home").click();
      await page.getByTestId("home-workflow").getByText("Morning sales").waitFor();
      const homeRun = page.locator(`[data-testid="home-run"][data-execution-id="${runId}"]`);
      await homeRun.locator('[data-testid="home-run-status"][data-status="succeeded"]').waitFor();
      // The run names its workflow (asked of the Hub by id once the list has come).
      await homeRun.getByTestId("home-run-open").getByText("Morning sales", { exact: true }).waitFor();
      const next = page.locator(`[data-testid="home-next-run"][data-schedule-id="${scheduleId}"]`);
      await next.getByText("Weekday sales").waitFor();
      const nextAt = (await hub("GET", `/schedules/${scheduleId}`, owner)).next_run_at;
      expect(await next.locator("time").getAttribute("datetime")).toBe(nextAt);
      await bothThemes(page, "home");
    });

    await step("on Home, a new run appears and its status changes in place as it moves on", async () => {
      // A run that counts for hours (tests/helpers/workflows.ts), on a SQLite connection granted to the owner.
      const db = writeEmptySqlite(join(weft.files, "empty.sqlite"));
      const counter = await hub("POST", "/connections", owner, {
        name: "Counter",
        type: "database",
        db_type: "sqlite",
        database: db,
      });
      const grants = (await hub("GET", "/grant-groups", owner)).grant_groups[0];
      await hub("POST", `/grant-groups/${grants.id}/connections/${counter.id}`, owner);
      const slow = await hub("POST", "/workflows", owner, {
        name: "Counts for hours",
        content: {
          meta: { workflow_id: "wf-slow", name: "Counts for hours" },
          tools: [
            {
              id: "count",
              type: "input",
              config: { source_type: "sqlite", connection_id: counter.id, query: countingQuery(SLOW_COUNT) },
              position: { x: 0, y: 0 },
            },
            { id: "out", type: "output", config: { path: join(weft.files, "count.csv") }, position: { x: 300, y: 0 } },
          ],
          wires: [{ source: "count", source_socket: "output", target: "out", target_socket: "input" }],
        },
      });
      const started = await hub("POST", "/executions", owner, { workflow_id: slow.id });
      const row = page.locator(`[data-testid="home-run"][data-execution-id="${started.id}"]`);
      await row.locator('[data-testid="home-run-status"][data-status="running"]').waitFor();
      // The row is marked: a reload of the list would draw a new one without the mark.
      await row.evaluate((el) => {
        (el as HTMLElement).dataset.marked = "yes";
      });
      await hub("POST", `/executions/${started.id}/cancel`, owner);
      await page
        .locator(`[data-testid="home-run"][data-marked="yes"] [data-testid="home-run-status"][data-status="cancelled"]`)
        .waitFor();
      expect(await row.getByTestId("home-run-status").textContent()).toBe("Cancelled");
    });

    await step("a run on Home opens in Executions", async () => {
      await page.locator(`[data-testid="home-run"][data-execution-id="${runId}"]`).getByTestId("home-run-open").click();
      await page.getByTestId("execution-detail").waitFor();
      expect(new URL(page.url()).hash).toBe(`#/executions/${encodeURIComponent(runId)}`);
    });

    await step("Edit changes the cron: the row reads the new words, the Hub has it", async () => {
      await page.getByTestId("hub-nav-schedules").click();
      await page.getByTestId("schedule-edit").click();
      await form.waitFor();
      expect(await page.getByTestId("cron-input").inputValue()).toBe(CRON);
      expect(await page.getByTestId("cron-timezone").inputValue()).toBe(ZONE);
      await page.getByTestId("cron-input").fill("0 7 1 * *");
      await page.getByTestId("cron-words").getByText("At 07:00, on day 1 of the month").waitFor();
      await page.getByTestId("schedule-overlap-allow").check();
      await page.getByTestId("schedule-save").click();
      await form.waitFor({ state: "detached" });
      await page.getByTestId("schedule-words").getByText("At 07:00, on day 1 of the month").waitFor();
      expect(await hub("GET", `/schedules/${scheduleId}`, owner)).toMatchObject({
        cron: "0 7 1 * *",
        overlap: "allow",
      });
    });

    await step("an auditor sees the schedule and its runs, but no control to change it", async () => {
      await hub("POST", "/users", owner, { username: "audrey", password: PASSWORD, role: "auditor" });
      const other = await openPage(browser);
      await other.page.goto(`${weft.url}#/schedules`);
      await other.page.getByTestId("sign-in-username").fill("audrey");
      await other.page.getByTestId("sign-in-password").fill(PASSWORD);
      await other.page.getByTestId("sign-in-submit").click();
      const row = other.page.getByTestId("schedule-row");
      await row.getByText("Weekday sales").waitFor();
      expect(await row.getByTestId("schedule-state").textContent()).toBe("On");
      for (const control of ["schedule-toggle", "schedule-run-now", "schedule-edit", "schedule-delete"]) {
        expect(await row.getByTestId(control).count()).toBe(0);
      }
      await row.getByTestId("schedule-runs-toggle").click();
      await row.locator(`[data-testid="schedule-run"][data-execution-id="${runId}"]`).waitFor();
      expect(other.problems.list).toEqual([]);
      await other.context.close();
    });

    await step("delete asks first; Cancel keeps the schedule, Delete removes it", async () => {
      await page.getByTestId("schedule-delete").click();
      const dialog = page.getByTestId("schedule-delete-dialog");
      await dialog.getByText("Delete “Weekday sales”?").waitFor();
      await page.getByTestId("schedule-delete-cancel").click();
      await dialog.waitFor({ state: "detached" });
      expect((await hub("GET", "/schedules", owner)).total).toBe(1);
      await page.getByTestId("schedule-delete").click();
      await page.getByTestId("schedule-delete-confirm").click();
      await page.getByTestId("schedules-empty").waitFor();
      expect((await hub("GET", "/schedules", owner)).total).toBe(0);
    });

    expect(problems.list).toEqual([]);
    await context.close();
  }, 180_000);
});
