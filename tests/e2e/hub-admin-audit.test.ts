/**
 * The admin area's Dashboard, Activity, Audit Log and Settings in `weft all`, in Debian's
 * Chromium. The owner sets the Hub up and makes a few changes and runs (one succeeds, one
 * fails); a refused user fills the log past the first signed checkpoint (1,000 events). An
 * auditor, made through the API, signs in: sees the admin navigation, the Dashboard's counts
 * and chart and the failed run, the Activity in words, the Audit Log's filters and pages, and
 * Verify says the chain is valid with that checkpoint. A user sees no admin navigation, and
 * the Audit Log's address shows the refusal.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { waitUntil } from "../helpers/wait";
import { hasChromium, launchChromium, openPage, screenshot, step } from "./browser";
import { bothThemes, grantFolderToSelf, type HubCall, hubApi, signIn } from "./hub-e2e";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

const PASSWORD = "a long enough passphrase 42";

let weft: Omit<E2eServer, "token">;
let browser: Browser;
let hub: HubCall;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  weft = await startE2eAll();
  hub = hubApi(weft.url);
  writeFileSync(join(weft.files, "sales.csv"), "region,amount\nnorth,10\nsouth,20\n");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
});

/** A workflow of one Input reading `source`. */
function inputWorkflow(id: string, name: string, source: string) {
  return {
    meta: { workflow_id: id, name },
    tools: [{ id: "in", type: "input", config: { source }, position: { x: 0, y: 0 } }],
    wires: [],
  };
}

/** Runs workflow `id` as `token` and waits until the run ended; answers the execution. */
async function runToEnd(token: string, id: string) {
  const run = await hub("POST", "/executions", token, { workflow_id: id });
  let ended: { id: string; status: string } | undefined;
  await waitUntil(async () => {
    const now = await hub("GET", `/executions/${run.id}`, token);
    if (["succeeded", "failed", "cancelled"].includes(now.status)) ended = now;
    return ended !== undefined;
  }, `execution ${run.id} to end`);
  return ended as { id: string; status: string };
}

describe.skipIf(!hasChromium)("the admin area's Dashboard, Activity, Audit Log and Settings", () => {
  test("an auditor reads them all; a user is refused", async () => {
    const owner = await openPage(browser);
    await step("the owner sets up the Hub", async () => {
      await owner.page.goto(weft.url);
      await owner.page.getByTestId("setup-username").fill("olga");
      await owner.page.getByTestId("setup-password").fill(PASSWORD);
      await owner.page.getByTestId("setup-submit").click();
      await owner.page.getByTestId("home-page").waitFor();
    });
    const olga = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;

    const { sales, failed } = await step("the owner makes accounts, a group, workflows and two runs", async () => {
      await grantFolderToSelf(hub, olga, weft.files);
      await hub("POST", "/users", olga, { username: "bob", password: PASSWORD, role: "auditor" });
      await hub("POST", "/users", olga, { username: "ana", password: PASSWORD, role: "user" });
      const sales = await hub("POST", "/workflows", olga, {
        name: "Sales",
        content: inputWorkflow("wf-sales", "Sales", join(weft.files, "sales.csv")),
      });
      const broken = await hub("POST", "/workflows", olga, {
        name: "Broken import",
        content: inputWorkflow("wf-broken", "Broken import", join(weft.files, "missing.csv")),
      });
      expect((await runToEnd(olga, sales.id)).status).toBe("succeeded");
      const failed = await runToEnd(olga, broken.id);
      expect(failed.status).toBe("failed");
      return { sales, failed };
    });

    await step("a user's refused requests take the log past its first signed checkpoint", async () => {
      const ana = (await hub("POST", "/auth/login", undefined, { username: "ana", password: PASSWORD })).token;
      const refused = async () => {
        const res = await fetch(new URL("/api/v1/audit/events", weft.url), {
          headers: { Authorization: `Bearer ${ana}` },
        });
        await res.body?.cancel();
        expect(res.status).toBe(403);
      };
      // The Hub signs a checkpoint at every 1,000th event: each refusal appends one (authz.denied).
      while ((await hub("GET", "/audit/events?limit=1", olga)).total < 1000) {
        await Promise.all(Array.from({ length: 25 }, refused));
      }
      await waitUntil(
        async () => (await hub("GET", "/audit/checkpoints", olga)).checkpoints.length > 0,
        "the first signed checkpoint",
      );
    });
    await owner.context.close();

    const { context, page, problems } = await openPage(browser);
    await step(
      "the auditor signs in and sees the admin navigation; the Dashboard counts what the Hub holds",
      async () => {
        await signIn(page, weft.url, "bob", PASSWORD);
        await page.getByTestId("hub-nav-admin").click();
        await page.getByTestId("dashboard-page").waitFor();
        for (const area of ["dashboard", "activity", "audit", "settings"]) {
          await page.getByTestId(`hub-nav-${area}`).waitFor();
        }
        const count = async (key: string) =>
          page.getByTestId(`dashboard-count-${key}`).getAttribute("data-value", { timeout: 10_000 });
        expect(await count("users")).toBe("3");
        expect(await count("workflows")).toBe("2");
        expect(await count("executions")).toBe("2");
        expect(await count("servers-online")).toBe("1");
        expect(await count("servers-offline")).toBe("0");
      },
    );

    await step("the chart has a bar per day and today's runs; the failure of the last day opens its run", async () => {
      // The chart is drawn once its panel's width is known: wait for its last bar.
      await page.getByTestId("dashboard-chart-bar").nth(13).waitFor();
      expect(await page.getByTestId("dashboard-chart-bar").count()).toBe(14);
      const label = await page.getByTestId("dashboard-chart-svg").getAttribute("aria-label");
      expect(label).toBe("Runs per day, last 14 days: 2 runs, 1 failed");
      // Each bar's title says its day's runs in words; the days with runs hold both (one day,
      // unless the test ran across midnight).
      const titles = await page.getByTestId("dashboard-chart-bar").locator("title").allTextContents();
      const busy = titles.filter((t) => !t.endsWith(": no runs"));
      const sum = (what: string) =>
        busy.reduce((n, t) => n + Number(t.match(new RegExp(`(\\d+) ${what}`))?.[1] ?? 0), 0);
      expect([sum("runs?"), sum("succeeded"), sum("failed")]).toEqual([2, 1, 1]);
      await page.getByTestId("dashboard-server").first().getByText("Online").waitFor();
      const failure = page.getByTestId("dashboard-failure");
      await failure.first().waitFor();
      expect(await failure.count()).toBe(1);
      expect(await failure.getAttribute("data-execution-id")).toBe(failed.id);
      await failure.getByText("“Broken import”").waitFor();
      await bothThemes(page, "admin-dashboard");
      // 4K: the panels keep their proportions, the chart its height.
      await page.setViewportSize({ width: 3840, height: 2160 });
      await screenshot(page, "hub-admin-dashboard-4k");
      await page.setViewportSize({ width: 1280, height: 800 });
      await failure.getByTestId("dashboard-failure-open").click();
      await page.waitForURL((url) => url.hash === `#/executions/${failed.id}`);
      await page.getByTestId("hub-nav-admin").click();
      await page.getByTestId("dashboard-page").waitFor();
    });

    await step("Activity tells the events in words, newest first, a page at a time", async () => {
      await page.getByTestId("hub-nav-activity").click();
      const list = page.getByTestId("activity-list");
      await list.waitFor();
      // The navigation marks where the auditor is: Admin on top, Activity at the side.
      const current = (area: string) => page.getByTestId(`hub-nav-${area}`).getAttribute("aria-current");
      expect([
        await current("admin"),
        await current("activity"),
        await current("dashboard"),
        await current("home"),
      ]).toEqual(["page", "page", null, null]);
      // The newest: the user's refusals, in words.
      await list
        .getByText("ana was refused GET /api/v1/audit/events: it needs the auditor role (their role: user)")
        .first()
        .waitFor();
      expect(await page.getByTestId("activity-item").count()).toBe(50);
      await bothThemes(page, "admin-activity");
      // The owner's changes are older, some pages on: read every page to the oldest.
      const range = await page.getByTestId("activity-range").textContent();
      const total = Number(range?.split(" of ")[1]?.replaceAll(",", ""));
      expect(total).toBeGreaterThan(1000);
      const sentences = new Set(await list.getByTestId("activity-item").locator(".activity-text").allTextContents());
      while (await page.getByTestId("activity-next").isEnabled()) {
        const next = Number(await list.getAttribute("data-offset")) + 50;
        await page.getByTestId("activity-next").click();
        await page.locator(`[data-testid="activity-list"][data-offset="${next}"]`).waitFor();
        for (const text of await list.getByTestId("activity-item").locator(".activity-text").allTextContents()) {
          sentences.add(text);
        }
      }
      const said = [...sentences];
      expect(said).toContain("olga set up the Hub and became its owner");
      expect(said).toContain("olga created user bob with role auditor");
      expect(said).toContain("olga created user ana with role user");
      expect(said).toContain("olga created workflow “Sales”");
      expect(said.filter((t) => /^olga ran “Sales” \(execution [0-9a-z]{8}, revision 1\)$/.test(t))).toHaveLength(1);
      expect(said.filter((t) => /^A run of “Broken import” \(execution [0-9a-z]{8}\) failed/.test(t))).toHaveLength(1);
      expect(said).toContain(`olga added olga to user group “Analysts”`);
      await bothThemes(page, "admin-activity-oldest");
      // Refresh goes back to the newest.
      await page.getByTestId("activity-refresh").click();
      await page
        .getByTestId("activity-range")
        .getByText(/^1–50 of/)
        .waitFor();
    });

    await step("the Audit Log filters by action and username, and pages", async () => {
      await page.getByTestId("hub-nav-audit").click();
      await page.getByTestId("audit-table").waitFor();
      await page.getByTestId("audit-row").nth(49).waitFor();
      expect(await page.getByTestId("audit-row").count()).toBe(50);
      const firstSeq = Number(await page.getByTestId("audit-row").first().getAttribute("data-seq"));
      await page.getByTestId("audit-next").click();
      await page.locator('[data-testid="audit-table"][data-offset="50"]').waitFor();
      await page
        .getByTestId("audit-range")
        .getByText(/^51–100 of/)
        .waitFor();
      expect(Number(await page.getByTestId("audit-row").first().getAttribute("data-seq"))).toBe(firstSeq - 50);
      await page.getByTestId("audit-previous").click();
      await page
        .getByTestId("audit-range")
        .getByText(/^1–50 of/)
        .waitFor();

      await page.getByTestId("audit-filter-action").selectOption("user.create");
      await page.getByTestId("audit-filter-apply").click();
      await page.getByTestId("audit-range").getByText("1–2 of 2").waitFor();
      expect(
        await page.getByTestId("audit-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action"))),
      ).toEqual(["user.create", "user.create"]);
      await page.getByTestId("audit-table").getByText("olga created user ana with role user").waitFor();
      await bothThemes(page, "admin-audit-filtered");

      await page.getByTestId("audit-filter-action").selectOption("workflow.*");
      await page.getByTestId("audit-filter-username").fill("OLGA");
      await page.getByTestId("audit-filter-apply").click();
      await page.getByTestId("audit-range").getByText("1–2 of 2").waitFor();
      await page.getByTestId("audit-table").getByText("olga created workflow “Sales”").waitFor();

      await page.getByTestId("audit-filter-username").fill("nobody");
      await page.getByTestId("audit-filter-apply").click();
      await page.getByTestId("audit-empty").getByText("No account is named “nobody”.").waitFor();

      await page.getByTestId("audit-filter-clear").click();
      await page
        .getByTestId("audit-range")
        .getByText(/^1–50 of/)
        .waitFor();
    });

    await step("Verify says the chain is valid and shows the latest signed checkpoint", async () => {
      const latest = (await hub("GET", "/audit/checkpoints", olga)).checkpoints.at(-1);
      await page.getByTestId("audit-verify-button").click();
      const result = page.getByTestId("audit-verify-result");
      await result.waitFor();
      expect(await result.getAttribute("data-valid")).toBe("true");
      await result.getByText("Valid").waitFor();
      await page
        .getByTestId("audit-checkpoint-seq")
        .getByText(`event #${latest.seq.toLocaleString("en")}`)
        .waitFor();
      await page.getByTestId("audit-checkpoint").getByText(latest.head_hash).waitFor();
      await bothThemes(page, "admin-audit-verified");
    });

    await step("Settings shows the Hub's configuration in words, with no secret", async () => {
      await page.getByTestId("hub-nav-settings").click();
      await page.getByTestId("settings-sections").waitFor();
      expect(await page.getByTestId("setting-database-value").textContent()).toBe("SQLite");
      expect(await page.getByTestId("setting-session-ttl-value").textContent()).toBe("7 days");
      // `startE2eAll` sets CONNECTION_ENCRYPTION_KEY; the page says it is set, never what it is.
      expect(await page.getByTestId("setting-connection-key-value").textContent()).toBe("Set in the Hub's settings");
      expect(await page.getByTestId("settings-page").textContent()).not.toContain("weft-e2e-test-key");
      await bothThemes(page, "admin-settings");
    });
    expect(problems.list).toEqual([]);
    await context.close();

    const user = await openPage(browser);
    await step("a user sees no admin navigation, and the Audit Log's address is refused", async () => {
      await signIn(user.page, weft.url, "ana", PASSWORD);
      expect(await user.page.getByTestId("hub-nav-admin").count()).toBe(0);
      await user.page.goto(`${weft.url}#/audit`);
      await user.page.getByTestId("hub-area-refused").getByText("Audit Log is for auditors and above").waitFor();
      expect(await user.page.getByTestId("audit-page").count()).toBe(0);
      await bothThemes(user.page, "admin-audit-refused");
    });
    expect(user.problems.list).toEqual([]);
    await user.context.close();
    expect(sales.id).toBeTruthy();
  }, 180_000);
});
