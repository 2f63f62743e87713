/**
 * The designer in hub mode (`weft all`, Debian's Chromium): the owner sets up a team through
 * the Hub's API: two PostgreSQL connections and two folders, of which one database and one
 * folder are granted to a user through a user group and a grant group. The user signs in:
 * the Input tool lists exactly the granted database (not the other, and no URI), previews
 * rows the Server read through the Hub's connection, the file picker shows only the granted
 * folder, by its Hub name, and a run writes its Output there. Saved on the Hub, the workflow
 * is still that Hub workflow after a reload (Save writes revision 2 of it), and a new
 * workflow after a reload is not attached to it. The page logs no console error throughout.
 *
 * Needs WEFT_TEST_PG_URL (a PostgreSQL the Hub's connection reads): skipped, said, without it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SQL } from "bun";
import type { Browser, Page } from "playwright-core";
import { pgConnectionBody } from "../helpers/hub-connections";
import { PG_URL } from "../helpers/hub-db";
import { waitUntil } from "../helpers/wait";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, type HubCall, hubApi } from "./hub-e2e";
import { configOf, selectTool } from "./person";
import { docOf } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);
if (!PG_URL)
  console.warn("tests/e2e/hub-designer-connections: skipped, WEFT_TEST_PG_URL is unset (a PostgreSQL to read)");
const runs = hasChromium && PG_URL !== undefined;

const PASSWORD = "a long enough passphrase 42";
const TABLE = `weft_e2e_hub_sales_${process.pid}`;

let weft: Omit<E2eServer, "token">;
let browser: Browser;
let hub: HubCall;
let pg: SQL | undefined;
let teamFolder: string;
let team: { owner: string; granted: string; other: string };

beforeAll(async () => {
  if (!runs) return;
  pg = new SQL(PG_URL as string);
  await pg.unsafe(`DROP TABLE IF EXISTS ${TABLE}`);
  await pg.unsafe(`CREATE TABLE ${TABLE} (id integer PRIMARY KEY, region text NOT NULL, amount integer NOT NULL)`);
  await pg.unsafe(`INSERT INTO ${TABLE} VALUES (1, 'north', 10), (2, 'south', 20), (3, 'east', 30)`);
  buildWebIfStale();
  weft = await startE2eAll();
  hub = hubApi(weft.url);
  teamFolder = join(weft.files, "team");
  mkdirSync(teamFolder);
  writeFileSync(join(teamFolder, "targets.csv"), "region,target\nnorth,12\n");
  mkdirSync(join(weft.files, "finance"));
  team = await setUpTeam();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
  await pg?.unsafe(`DROP TABLE IF EXISTS ${TABLE}`);
  await pg?.close();
});

/** The owner's team: what is granted to `ulla` (a user) and what is not. */
async function setUpTeam(): Promise<{ owner: string; granted: string; other: string }> {
  await hub("POST", "/auth/register", undefined, { username: "olga", password: PASSWORD });
  const owner = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;
  const user = await hub("POST", "/users", owner, { username: "ulla", password: PASSWORD, role: "user" });
  const granted = await hub("POST", "/connections", owner, pgConnectionBody("Sales database"));
  const other = await hub("POST", "/connections", owner, pgConnectionBody("Payroll database"));
  const team = await hub("POST", "/connections", owner, { name: "Team files", type: "filesystem", path: teamFolder });
  await hub("POST", "/connections", owner, {
    name: "Finance files",
    type: "filesystem",
    path: join(weft.files, "finance"),
  });
  const group = await hub("POST", "/groups", owner, { name: "Analysts" });
  const grants = await hub("POST", "/grant-groups", owner, { name: "Sales analysis" });
  await hub("POST", `/groups/${group.id}/members`, owner, { user_id: user.id });
  await hub("POST", `/grant-groups/${grants.id}/connections/${granted.id}`, owner);
  await hub("POST", `/grant-groups/${grants.id}/connections/${team.id}`, owner);
  await hub("POST", `/groups/${group.id}/grant-groups/${grants.id}`, owner);
  await waitUntil(
    async () => (await hub("GET", "/servers", owner)).servers?.[0]?.status === "online",
    "the Server of `weft all` online at its Hub",
  );
  return { owner, granted: granted.id, other: other.id };
}

/** The toolbar's message says `text` (it stays 5 s: long enough to be read here). */
async function toolbarSays(page: Page, text: string | RegExp) {
  await page.getByTestId("toolbar-message").getByText(text).waitFor();
}

/** The designer after sign-in (or a reload), with its test hook. */
async function openDesigner(page: Page) {
  await page.getByTestId("hub-nav-designer").click();
  await page.getByTestId("toolbar").waitFor();
  await page.waitForFunction(() => window.__weft !== undefined);
}

describe.skipIf(!runs)("the designer in hub mode (`weft all`)", () => {
  test("a user sees only the granted connection and folder, previews and runs through the Hub, keeps the Hub workflow over a reload", async () => {
    const { context, page, problems } = await openPage(browser);
    const output = join(teamFolder, "sales-by-region.csv");

    await step("the user signs in and opens the designer; the Server's Connections page is not offered", async () => {
      await page.goto(`${weft.url}?e2e=1`);
      await page.getByTestId("sign-in-username").fill("ulla");
      await page.getByTestId("sign-in-password").fill(PASSWORD);
      await page.getByTestId("sign-in-submit").click();
      await page.getByTestId("home-page").waitFor();
      await openDesigner(page);
      await page.getByTestId("toolbar-code").waitFor();
      expect(await page.getByTestId("toolbar-connections").count()).toBe(0);
    });

    await step("the Input tool lists exactly the granted database, and no URI", async () => {
      await page.evaluate(() => {
        const editor = window.__weft?.editor;
        if (!editor) throw new Error("no test hook");
        editor.setName("Regional sales");
        editor.addTool("input", { x: 80, y: 80 }, { source_type: "postgresql", query: "" });
      });
      const panel = await selectTool(page, "input_1");
      const select = panel.getByTestId("field-connection_id");
      await select.locator(`option[value="${team.granted}"]`).waitFor({ state: "attached" });
      const offered = await select
        .locator("option")
        .evaluateAll((options) => options.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent })));
      expect(offered).toEqual([
        { value: "", text: "Choose a connection…" },
        { value: team.granted, text: expect.stringContaining("Sales database (PostgreSQL") },
      ]);
      expect(JSON.stringify(offered)).not.toContain(team.other);
      expect(JSON.stringify(offered)).not.toContain("Payroll");
    });

    await step("chosen, with a query: rows the Server read through the Hub's connection", async () => {
      const panel = page.getByTestId("config-panel");
      await panel.getByTestId("field-connection_id").selectOption(team.granted);
      await panel.getByTestId("field-query").fill(`SELECT region, amount FROM ${TABLE} ORDER BY id`);
      await expect(configOf(page, "input_1")).resolves.toEqual({
        source_type: "postgresql",
        connection_id: team.granted,
        query: `SELECT region, amount FROM ${TABLE} ORDER BY id`,
      });
      const results = page.getByTestId("results-pane");
      await results.getByText("south").first().waitFor();
      await results.getByText("east").first().waitFor();
      await bothThemes(page, "designer-granted-connection");
    });

    await step("the file picker shows only the granted folder, by its Hub name", async () => {
      await page.evaluate(() => window.__weft?.editor.addTool("output", { x: 380, y: 80 }, { path: "" }));
      await page.evaluate(() =>
        window.__weft?.editor.connect({
          source: "input_1",
          source_socket: "output",
          target: "output_1",
          target_socket: "input",
        }),
      );
      const panel = await selectTool(page, "output_1");
      await panel.getByTestId("field-path-browse").click();
      const picker = page.getByTestId("file-picker");
      await picker.getByTestId("file-picker-root-0").waitFor();
      const places = picker.locator('[data-testid^="file-picker-root-"]');
      expect(await places.count()).toBe(1);
      expect(await places.first().textContent()).toContain("Team files");
      expect(await places.first().getAttribute("title")).toBe(teamFolder);
      await picker.getByTestId("file-picker-entry-targets.csv").waitFor();
      expect(await picker.getByText("Finance files").count()).toBe(0);
      await bothThemes(page, "designer-granted-folder");
      await picker.getByTestId("file-picker-name").fill("sales-by-region.csv");
      await picker.getByTestId("file-picker-choose").click();
      await picker.waitFor({ state: "detached" });
      await expect(configOf(page, "output_1")).resolves.toMatchObject({ path: output });
    });

    await step("a run reads the Hub's database and writes into the granted folder", async () => {
      await page.getByTestId("toolbar-run").click();
      await toolbarSays(page, "Run finished: 1 file written");
      expect(existsSync(output)).toBe(true);
      expect(readFileSync(output, "utf8").trim().split("\n")).toEqual([
        "region,amount",
        "north,10",
        "south,20",
        "east,30",
      ]);
    });

    await step("saved on the Hub, and after a reload Save writes revision 2 of the same workflow", async () => {
      await page.getByTestId("toolbar-save").click();
      await page.getByTestId("hub-save-dialog").waitFor();
      await page.getByTestId("hub-save-submit").click();
      await toolbarSays(page, "Saved “Regional sales” on the Hub as a new workflow (revision 1)");
      const saved = await docOf(page);
      await page.reload();
      await openDesigner(page);
      // The tab's autosaved copy comes back with the Hub workflow it is a revision of.
      await page.getByTestId("autosave-notice").waitFor();
      expect(await page.getByTestId("toolbar-hub-workflow").getAttribute("data-revision")).toBe("1");
      expect((await docOf(page))?.tools).toEqual(saved?.tools);
      await page.evaluate(() => window.__weft?.editor.setName("Regional sales, by id"));
      await page.getByTestId("toolbar-dirty").waitFor();
      await page.getByTestId("toolbar-save").click();
      await page.getByTestId("hub-save-dialog").waitFor();
      await page.getByTestId("hub-save-message").fill("Renamed after a reload");
      await page.getByTestId("hub-save-submit").click();
      await toolbarSays(page, "Saved “Regional sales” on the Hub as revision 2");
      const listed = await hub("GET", "/workflows", team.owner);
      expect(listed.total).toBe(1);
      const revisions = await hub("GET", `/workflows/${listed.workflows[0].id}/revisions`, team.owner);
      expect(revisions.revisions[0]).toMatchObject({ revision: 2, message: "Renamed after a reload" });
    });

    await step("a new workflow after a reload is not that Hub workflow: Save asks for a new one", async () => {
      await page.getByTestId("toolbar-new").click();
      await page.waitForFunction(() => window.__weft?.editor.snapshot().tools.length === 0);
      await page.evaluate(() => {
        window.__weft?.editor.addTool("input", { x: 80, y: 80 }, { source_type: "postgresql", query: "" });
      });
      await page.getByTestId("toolbar-hub-workflow").waitFor({ state: "detached" });
      // The autosave writes a moment after the change: the reload follows once it has.
      await page.waitForFunction(() =>
        Object.keys(localStorage).some(
          (key) =>
            key.startsWith("weft.autosave.v2.") &&
            key.endsWith(window.__weft?.editor.snapshot().meta.workflow_id ?? "-"),
        ),
      );
      await page.reload();
      await openDesigner(page);
      await page.getByTestId("autosave-notice").waitFor();
      expect(await page.getByTestId("toolbar-hub-workflow").count()).toBe(0);
      await page.getByTestId("toolbar-save").click();
      await page.getByTestId("hub-save-dialog").waitFor();
      expect(await page.getByTestId("hub-save-name").count()).toBe(1);
      await page.keyboard.press("Escape");
    });

    expect(problems.list).toEqual([]);
    await context.close();
  }, 180_000);

  test("the owner sees every connection in the admin area, but the designer offers only what her grants reach", async () => {
    const databases = await hub("GET", "/connections?type=database", team.owner);
    expect(databases.total).toBe(2);
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${weft.url}?e2e=1`);
    await page.getByTestId("sign-in-username").fill("olga");
    await page.getByTestId("sign-in-password").fill(PASSWORD);
    await page.getByTestId("sign-in-submit").click();
    await page.getByTestId("home-page").waitFor();
    await openDesigner(page);
    await page.evaluate(() => {
      window.__weft?.editor.addTool("input", { x: 80, y: 80 }, { source_type: "postgresql", query: "" });
    });
    const panel = await selectTool(page, "input_1");
    await panel.getByText("No database connection is granted to you on the Hub").waitFor();
    const offered = await panel.getByTestId("field-connection_id").locator("option").allTextContents();
    expect(offered).toEqual(["Choose a connection…"]);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});
