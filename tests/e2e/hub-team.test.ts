/**
 * A team on the Hub from end to end, all in the UI of `weft all` in Debian's Chromium
 * (issue 19, item 8): the owner sets up the team — an admin, a user and an auditor, a user
 * group, a grant group, two folder connections of which the group is granted one; the user
 * signs in, sees only the granted connection in the designer's Input tool, builds and saves a
 * workflow, runs it on the Hub and watches it finish in Executions without a reload; the
 * auditor verifies the audit log and reads the run's code; the user never sees the admin
 * area. Screenshots of each stage in light and dark.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { AREAS } from "../../web/src/hub/areas";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, createAccount, type HubCall, hubApi, openAdmin, signIn } from "./hub-e2e";
import { answerNextConfirm, selectTool } from "./person";
import { buildSalesWorkflow } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

const PASSWORD = "a long enough passphrase 42";
let weft: Omit<E2eServer, "token">;
let browser: Browser;
let hub: HubCall;
let team: string;
let finance: string;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  weft = await startE2eAll();
  hub = hubApi(weft.url);
  team = join(weft.files, "team");
  finance = join(weft.files, "finance");
  mkdirSync(team);
  mkdirSync(finance);
  writeFileSync(join(team, "sales.csv"), "region,amount\nnorth,10\nsouth,20\nnorth,5\neast,30\n");
  writeFileSync(join(finance, "payroll.csv"), "name,salary\nana,1\n");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
});

async function createFolderConnection(page: Page, name: string, path: string) {
  await page.getByTestId("connections-new").click();
  await page.getByTestId("connection-kind").selectOption("filesystem");
  await page.getByTestId("connection-name").fill(name);
  await page.getByTestId("connection-path").fill(path);
  await page.getByTestId("connection-save").click();
  await page.getByTestId("connection-detail-name").getByText(name).waitFor();
}

/** A fresh browser context signed in as `username`, on Home. */
async function signedIn(username: string, password: string) {
  const opened = await openPage(browser);
  await signIn(opened.page, `${weft.url}?e2e=1`, username, password);
  // Set once per page load: still there later means nothing reloaded the page.
  await opened.page.evaluate(() => {
    (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
  });
  return opened;
}

const sameLoad = (page: Page) => page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad);
const runRow = (page: Page, id: string) => page.locator(`[data-testid="execution-row"][data-execution-id="${id}"]`);

describe.skipIf(!hasChromium)("a team on the Hub, in the UI of `weft all`", () => {
  test("the owner sets up a team; the user builds, saves and runs; the auditor verifies", async () => {
    const owner = await openPage(browser);
    const page = owner.page;
    const passwords: Record<string, string> = {};

    await step("the owner sets up the Hub", async () => {
      await page.goto(weft.url);
      await page.getByTestId("setup-username").fill("olga");
      await page.getByTestId("setup-password").fill(PASSWORD);
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("home-page").waitFor();
    });

    await step("accounts: an admin, a user and an auditor", async () => {
      await openAdmin(page, "users");
      passwords.ada = await createAccount(page, "ada", "admin");
      passwords.uma = await createAccount(page, "uma", "user");
      passwords.aldo = await createAccount(page, "aldo", "auditor");
      await bothThemes(page, "team-users");
    });

    await step("two folder connections", async () => {
      await openAdmin(page, "connections");
      await createFolderConnection(page, "Team files", team);
      await createFolderConnection(page, "Finance files", finance);
      await page.getByTestId("connection-row").filter({ hasText: "Finance files" }).waitFor();
      expect(await page.getByTestId("connection-row").count()).toBe(2);
    });

    await step("a grant group holding the team's folder only", async () => {
      await openAdmin(page, "grant-groups");
      await page.getByTestId("grant-groups-new").click();
      await page.getByTestId("grant-group-create-name").fill("Sales access");
      await page.getByTestId("grant-group-create-submit").click();
      await page.getByTestId("grant-group-detail-name").getByText("Sales access").waitFor();
      await page.getByTestId("connection-picker-search").fill("team");
      const option = page.getByTestId("connection-picker-option").filter({ hasText: "Team files" });
      await option.getByTestId("connection-picker-add").click();
      await page.getByTestId("grant-group-connection").filter({ hasText: "Team files" }).waitFor();
    });

    await step("a user group: the user a member, the grant group assigned", async () => {
      await openAdmin(page, "groups");
      await page.getByTestId("groups-create").click();
      await page.getByTestId("group-form-name").fill("Analysts");
      await page.getByTestId("group-form-submit").click();
      await page.getByTestId("group-detail-name").getByText("Analysts").waitFor();
      await page.getByTestId("member-picker-search").fill("uma");
      await page.locator('[data-testid="member-picker-option"]').getByText("uma").click();
      await page.locator('[data-testid="group-member-row"][data-username="uma"]').waitFor();
      await page.getByTestId("grant-picker-search").fill("sales");
      await page.locator('[data-testid="grant-picker-option"]').getByText("Sales access").click();
      await page.locator('[data-testid="group-grant-row"][data-name="Sales access"]').waitFor();
      await page.getByTestId("grant-picker-search").press("Escape");
      await bothThemes(page, "team-group");
    });
    expect(owner.problems.list).toEqual([]);
    await owner.context.close();

    const user = await signedIn("uma", passwords.uma as string);
    const up = user.page;

    await step("the user's navigation has no admin area", async () => {
      const shown = await up
        .getByTestId("hub-nav")
        .locator("button.hub-nav-item")
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-testid")));
      expect(shown).toEqual(AREAS.filter((a) => a.section === "work").map((a) => `hub-nav-${a.area}`));
    });

    await step("the designer's Input tool offers only the granted connection", async () => {
      await up.getByTestId("hub-nav-designer").click();
      await up.getByTestId("toolbar").waitFor();
      await up.waitForFunction(() => window.__weft !== undefined);
      await up.evaluate(() => window.__weft?.editor.addTool("input", { x: 80, y: 80 }, { source: "" }));
      const panel = await selectTool(up, "input_1");
      await panel.getByTestId("field-source-browse").click();
      const picker = up.getByTestId("file-picker");
      await picker.getByTestId("file-picker-root-0").waitFor();
      const places = picker.locator('[data-testid^="file-picker-root-"]');
      expect(await places.count()).toBe(1);
      expect(await places.first().textContent()).toContain("Team files");
      await picker.getByTestId("file-picker-entry-sales.csv").waitFor();
      expect(await picker.getByText("Finance files").count()).toBe(0);
      await bothThemes(up, "team-user-input");
      await up.keyboard.press("Escape");
      await picker.waitFor({ state: "detached" });
      // The Input just added is an unsaved change: New asks first, and is told to go on.
      const asked = answerNextConfirm(up, true);
      await up.getByTestId("toolbar-new").click();
      expect(await asked).toContain("unsaved");
      await up.waitForFunction(() => window.__weft?.editor.snapshot().tools.length === 0);
    });

    await step("the user builds the workflow and saves it on the Hub", async () => {
      await buildSalesWorkflow(up, team, "Sales by region");
      await up.getByTestId("results-pane").getByText("south").first().waitFor();
      await up.getByTestId("toolbar-save").click();
      await up.getByTestId("hub-save-dialog").waitFor();
      await up.getByTestId("hub-save-submit").click();
      await up.getByTestId("toolbar-message").getByText("Saved “Sales by region” on the Hub").waitFor();
    });

    const uma = await up.evaluate(() => JSON.parse(sessionStorage.getItem("weft.hub.session") ?? "{}").token as string);
    const workflowId: string = (await hub("GET", "/workflows", uma)).workflows[0].id;

    await step("Run on the Workflows page: the run's page follows it to the end", async () => {
      await up.getByTestId("hub-nav-workflows").click();
      await up
        .locator(`[data-testid="workflow-row"][data-workflow-id="${workflowId}"]`)
        .getByTestId("workflow-run")
        .click();
      await up.getByTestId("execution-detail").waitFor();
      await up.getByTestId("execution-detail-status").getByText("Succeeded").waitFor();
      expect(await sameLoad(up)).toBe(true);
    });

    await step("in Executions, a new run appears and finishes with no reload", async () => {
      await up.getByTestId("hub-nav-executions").click();
      await up.getByTestId("execution-row").first().waitFor();
      const listed = await up.getByTestId("execution-row").count();
      const started = await hub("POST", "/executions", uma, { workflow_id: workflowId });
      await runRow(up, started.id).and(up.locator('[data-status="succeeded"]')).waitFor();
      expect(await up.getByTestId("execution-row").count()).toBe(listed + 1);
      expect(await sameLoad(up)).toBe(true);
      await bothThemes(up, "team-user-executions");
    });
    expect(user.problems.list).toEqual([]);
    await user.context.close();

    const auditor = await signedIn("aldo", passwords.aldo as string);
    const ap = auditor.page;

    await step("the auditor verifies the audit log", async () => {
      await openAdmin(ap, "audit");
      await ap.getByTestId("audit-verify-button").click();
      const result = ap.getByTestId("audit-verify-result");
      await result.getByText("Valid").waitFor();
      expect(await result.getAttribute("data-valid")).toBe("true");
      await bothThemes(ap, "team-auditor-verified");
    });

    await step("the auditor reads the user's run and its code", async () => {
      await ap.getByTestId("hub-nav-executions").click();
      await ap.getByTestId("execution-row").first().getByTestId("execution-open").click();
      await ap.getByTestId("execution-detail").waitFor();
      await ap.getByTestId("execution-tab-code").click();
      await ap.locator('[data-testid="execution-tab-panel"][data-view="code"]').getByText("import polars").waitFor();
      await bothThemes(ap, "team-auditor-code");
    });
    expect(auditor.problems.list).toEqual([]);
    await auditor.context.close();
  }, 180_000);
});
