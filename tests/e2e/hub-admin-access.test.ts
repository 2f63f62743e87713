/**
 * The Connections and Grant Groups pages of the admin area in `weft all`, in Debian's
 * Chromium, against a real PostgreSQL (WEFT_TEST_PG_URL):
 *
 *   owner ──UI──► PostgreSQL connection: Test (wrong password: the Hub's error, no password)
 *                                        Test (right password: ok) → Create → Check: ok
 *                                        edits: password kept, replaced (Check fails, in words), restored
 *         ──UI──► folder connection (read-only)
 *         ──UI──► grant group ◄── the PG connection (picker); another renamed, emptied, deleted
 *         ──API─► user group "Analysts" {ursula} ──holds──► the grant group
 *   Connections: "who can reach it" lists ursula through Analysts → the grant group
 *   auditor: both pages, every record readable, no control that writes
 *
 * Every answer the pages received is read: no password is in any, nor in the pages' text.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, type HubCall, hubApi, openAdmin, signIn } from "./hub-e2e";
import { buildWebIfStale, type E2eServer, startE2eAll } from "./weft-server";

const PG_URL = process.env.WEFT_TEST_PG_URL;
if (!hasChromium) console.warn(`tests/e2e/hub-admin-access: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);
else if (!PG_URL) console.warn("tests/e2e/hub-admin-access: skipped, WEFT_TEST_PG_URL is not set (.ci/run sets it)");

const PASSWORD = "a long enough passphrase 42";
/** Sent on purpose to a real PostgreSQL: the Hub's refusal must not quote it. */
const WRONG_PASSWORD = "Wrong-Horse-Battery-7719";

let weft: Omit<E2eServer, "token">;
let browser: Browser;
let hub: HubCall;

beforeAll(async () => {
  if (!hasChromium || !PG_URL) return;
  buildWebIfStale();
  weft = await startE2eAll();
  hub = hubApi(weft.url);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await weft?.stop();
});

/** The PostgreSQL server of WEFT_TEST_PG_URL, as a connection form takes it. */
function pgSettings(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port || "5432",
    database: decodeURIComponent(u.pathname.slice(1)),
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

/** The bodies of every Hub answer the page receives (not the endless event stream). */
function recordAnswers(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on("response", (res) => {
    if (!res.url().includes("/api/v1/")) return;
    if (res.headers()["content-type"]?.includes("text/event-stream")) return;
    bodies.push(res.text().catch(() => ""));
  });
  return bodies;
}

/** All the page's text, hidden parts included (a password field's value is not text). */
const pageText = (page: Page) => page.evaluate(() => document.body.textContent ?? "");

/** Keys of JSON answers that would carry a secret (`has_password` only says whether one is stored). */
function secretKeys(body: string): string[] {
  if (!body.startsWith("{") && !body.startsWith("[")) return [];
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (/password|secret/i.test(key) && key !== "has_password") found.push(key);
        walk(inner);
      }
    }
  };
  walk(JSON.parse(body));
  return found;
}

describe.skipIf(!hasChromium || !PG_URL)("the Connections and Grant Groups pages in `weft all`", () => {
  test("an owner shares a PostgreSQL database and a folder, grants one, sees who reaches it; an auditor reads", async () => {
    const pg = pgSettings(PG_URL as string);
    // The narrowest layout the app supports (1280 px) for the owner, a wide one (2560 px) for the auditor.
    const { context, page, problems } = await openPage(browser);
    const answers = recordAnswers(page);

    await step("the owner sets up the Hub and opens Connections: none yet", async () => {
      await page.goto(weft.url);
      await page.getByTestId("setup-username").fill("olga");
      await page.getByTestId("setup-password").fill(PASSWORD);
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("home-page").waitFor();
      await openAdmin(page, "connections");
      await page.getByTestId("connections-empty").waitFor();
    });

    await step("Test before saving: the wrong password gets the Hub's error, without the password", async () => {
      await page.getByTestId("connections-new").click();
      const form = page.getByTestId("connection-form");
      await form.waitFor();
      expect(await page.getByTestId("connection-kind").inputValue()).toBe("postgresql");
      await page.getByTestId("connection-name").fill("Team warehouse");
      await page.getByTestId("connection-host").fill(pg.host);
      await page.getByTestId("connection-port").fill(pg.port);
      await page.getByTestId("connection-database").fill(pg.database);
      await page.getByTestId("connection-username").fill(pg.username);
      await page.getByTestId("connection-password").fill(WRONG_PASSWORD);
      await page.getByTestId("connection-test").click();
      const result = page.getByTestId("connection-test-result");
      await result.waitFor();
      expect(await result.getAttribute("data-ok")).toBe("false");
      expect(await page.getByTestId("connection-test-result-error").textContent()).toContain(
        "password authentication failed",
      );
      expect(await pageText(page)).not.toContain(WRONG_PASSWORD);
      await bothThemes(page, "connections-test-failed");
    });

    await step("Test with the right password succeeds; Create saves it; Check says it is reachable", async () => {
      await page.getByTestId("connection-password").fill(pg.password);
      // Changing the settings drops the stale outcome until the next test.
      await page.getByTestId("connection-test-result").waitFor({ state: "detached" });
      await page.getByTestId("connection-test").click();
      await page.locator('[data-testid="connection-test-result"][data-ok="true"]').waitFor();
      await bothThemes(page, "connections-new");
      await page.getByTestId("connection-save").click();
      await page.getByTestId("connection-detail-name").getByText("Team warehouse").waitFor();
      expect(await page.getByTestId("connection-has-password").textContent()).toBe("Stored (never shown)");
      await page.getByTestId("connection-check").click();
      await page.locator('[data-testid="connection-check-result"][data-ok="true"]').waitFor();
      await page.getByTestId("connection-detail").getByTestId("connection-health").getByText("Reachable").waitFor();
      const row = page.getByTestId("connection-row").filter({ hasText: "Team warehouse" });
      await row.getByText(`${pg.host}:${pg.port}/${pg.database}`).waitFor();
      await row.getByText("Reachable").waitFor();
    });

    await step("an edit with the password left empty keeps the stored one (Check still reaches it)", async () => {
      await page.getByTestId("connection-edit").click();
      expect(await page.getByTestId("connection-password").inputValue()).toBe("");
      await page.getByTestId("connection-test-needs-password").waitFor();
      await page.getByTestId("connection-description").fill("The team's reporting database");
      await page.getByTestId("connection-save").click();
      await page.getByTestId("connection-detail").getByText("The team's reporting database").waitFor();
      await page.getByTestId("connection-check").click();
      await page.locator('[data-testid="connection-check-result"][data-ok="true"]').waitFor();
    });

    await step(
      "a wrong password saved: Check says why in words, without it; the right one typed again: ok",
      async () => {
        await page.getByTestId("connection-edit").click();
        await page.getByTestId("connection-password").fill(WRONG_PASSWORD);
        await page.getByTestId("connection-save").click();
        await page.getByTestId("connection-check").click();
        await page.locator('[data-testid="connection-check-result"][data-ok="false"]').waitFor();
        expect(await page.getByTestId("connection-check-result-error").textContent()).toContain(
          "password authentication failed",
        );
        await page.getByTestId("connection-detail").getByTestId("connection-health").getByText("Failing").waitFor();
        expect(await pageText(page)).not.toContain(WRONG_PASSWORD);
        await page.getByTestId("connection-edit").click();
        await page.getByTestId("connection-password").fill(pg.password);
        await page.getByTestId("connection-save").click();
        await page.getByTestId("connection-check").click();
        await page.locator('[data-testid="connection-check-result"][data-ok="true"]').waitFor();
      },
    );

    await step("a read-only folder connection", async () => {
      await page.getByTestId("connections-new").click();
      await page.getByTestId("connection-kind").selectOption("filesystem");
      await page.getByTestId("connection-name").fill("Team files");
      await page.getByTestId("connection-path").fill(weft.files);
      await page.getByTestId("connection-read-only").check();
      await page.getByTestId("connection-test").click();
      await page.locator('[data-testid="connection-test-result"][data-ok="true"]').waitFor();
      await page.getByTestId("connection-save").click();
      await page.getByTestId("connection-detail-name").getByText("Team files").waitFor();
      const row = page.getByTestId("connection-row").filter({ hasText: "Team files" });
      await row.getByText(weft.files).waitFor();
      await row.getByText("read-only").waitFor();
      expect(await page.getByTestId("connection-row").count()).toBe(2);
    });

    await step("a grant group holding the PostgreSQL connection, added with the picker", async () => {
      await openAdmin(page, "grant-groups");
      await page.getByTestId("grant-groups-empty").waitFor();
      await page.getByTestId("grant-groups-new").click();
      await page.getByTestId("grant-group-create-name").fill("Warehouse readers");
      await page.getByTestId("grant-group-create-description").fill("Read the reporting database");
      await page.getByTestId("grant-group-create-submit").click();
      await page.getByTestId("grant-group-detail-name").getByText("Warehouse readers").waitFor();
      await page.getByTestId("grant-group-connections-empty").waitFor();
      await page.getByTestId("grant-group-holders-empty").waitFor();
      await page.getByTestId("connection-picker-search").fill("WAREHOUSE");
      const option = page.getByTestId("connection-picker-option").filter({ hasText: "Team warehouse" });
      await page
        .getByTestId("connection-picker-option")
        .filter({ hasText: "Team files" })
        .waitFor({ state: "detached" });
      await option.getByTestId("connection-picker-add").click();
      await page.getByTestId("grant-group-connection").filter({ hasText: "Team warehouse" }).waitFor();
      // Held now: the picker no longer offers it.
      await page.getByTestId("connection-picker-none").waitFor();
    });

    await step(
      "another grant group is renamed, holds the folder a while, and is deleted after a question",
      async () => {
        await page.getByTestId("grant-groups-new").click();
        await page.getByTestId("grant-group-create-name").fill("Scratch");
        await page.getByTestId("grant-group-create-submit").click();
        await page.getByTestId("grant-group-detail-name").getByText("Scratch").waitFor();
        await page.getByTestId("grant-group-rename").click();
        await page.getByTestId("grant-group-rename-name").fill("Scratch space");
        await page.getByTestId("grant-group-rename-submit").click();
        await page.getByTestId("grant-group-detail-name").getByText("Scratch space").waitFor();
        await page.getByTestId("grant-group-row").getByText("Scratch space").waitFor();
        const files = page.getByTestId("connection-picker-option").filter({ hasText: "Team files" });
        await files.getByTestId("connection-picker-add").click();
        const held = page.getByTestId("grant-group-connection").filter({ hasText: "Team files" });
        await held.getByTestId("grant-group-connection-remove").click();
        await held.waitFor({ state: "detached" });
        await page.getByTestId("grant-group-connections-empty").waitFor();
        await page.getByTestId("grant-group-delete").click();
        await page.getByTestId("grant-group-delete-dialog-confirm").click();
        await page.getByTestId("grant-groups-choose").waitFor();
        await page.getByTestId("grant-group-row").getByText("Scratch space").waitFor({ state: "detached" });
        expect(await page.getByTestId("grant-group-row").count()).toBe(1);
      },
    );

    const owner = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;
    const gg = (await hub("GET", "/grant-groups?name=Warehouse", owner)).grant_groups[0];
    const pgId = (await hub("GET", "/connections?name=warehouse", owner)).connections[0].id;
    await step("a user group holding it, with a member (the Hub's API: the User Groups page's part)", async () => {
      const ursula = await hub("POST", "/users", owner, { username: "ursula", password: PASSWORD, role: "user" });
      await hub("POST", "/users", owner, { username: "audrey", password: PASSWORD, role: "auditor" });
      const analysts = await hub("POST", "/groups", owner, { name: "Analysts" });
      await hub("POST", `/groups/${analysts.id}/members`, owner, { user_id: ursula.id });
      await hub("POST", `/groups/${analysts.id}/grant-groups/${gg.id}`, owner);
    });

    await step("the grant group shows the user group holding it, read-only", async () => {
      await page.getByTestId("grant-group-open").getByText("Warehouse readers").click();
      await page.getByTestId("grant-group-detail-name").getByText("Warehouse readers").waitFor();
      // The address keeps the chosen grant group: a reload shows it again, read afresh.
      expect(page.url()).toEndWith(`#/grant-groups/${gg.id}`);
      await page.reload();
      await page.getByTestId("grant-group-detail-name").getByText("Warehouse readers").waitFor();
      await page.getByTestId("grant-group-holder").getByText("Analysts").waitFor();
      await bothThemes(page, "grant-groups");
    });

    await step("who can reach the PostgreSQL connection: ursula, through Analysts and the grant group", async () => {
      await page.getByTestId("grant-group-connection").getByText("Team warehouse").click();
      await page.getByTestId("connection-detail-name").getByText("Team warehouse").waitFor();
      expect(page.url()).toEndWith(`#/connections/${pgId}`);
      const person = page.locator('[data-testid="connection-reach-person"][data-username="ursula"]');
      await person.getByText("Analysts → Warehouse readers").waitFor();
      expect(await page.getByTestId("connection-reach-person").count()).toBe(1);
      await page.getByTestId("connection-reach-grant-group").getByText("held by Analysts").waitFor();
      await bothThemes(page, "connections");
    });

    let filesId = "";
    await step("deleting the folder connection asks first, then it is gone", async () => {
      const filesRow = page.getByTestId("connection-row").filter({ hasText: "Team files" });
      filesId = (await filesRow.getAttribute("data-connection-id")) ?? "";
      await filesRow.getByTestId("connection-open").click();
      await page.getByTestId("connection-detail-name").getByText("Team files").waitFor();
      await page.getByTestId("connection-delete").click();
      await page.getByTestId("connection-delete-dialog").waitFor();
      await page.getByTestId("connection-delete-dialog-cancel").click();
      await page.getByTestId("connection-delete-dialog").waitFor({ state: "detached" });
      expect(await page.getByTestId("connection-row").count()).toBe(2);
      await page.getByTestId("connection-delete").click();
      await page.getByTestId("connection-delete-dialog-confirm").click();
      await page.getByTestId("connections-choose").waitFor();
      await page.getByTestId("connection-row").filter({ hasText: "Team files" }).waitFor({ state: "detached" });
      expect(await page.getByTestId("connection-row").count()).toBe(1);
    });

    const ownerText = await pageText(page);
    // 404: the deleted connection's address, opened on purpose below.
    const auditor = await openPage(browser, { width: 2560, height: 1200, expectedStatuses: [404] });
    const auditorAnswers = recordAnswers(auditor.page);

    await step("an auditor reads both pages and is offered no control that writes", async () => {
      const p = auditor.page;
      await signIn(p, weft.url, "audrey", PASSWORD);
      await openAdmin(p, "connections");
      // By keyboard: each connection's name is a button in the tab order.
      await p.getByTestId("connection-open").getByText("Team warehouse").focus();
      await p.keyboard.press("Enter");
      await p.getByTestId("connection-detail-name").getByText("Team warehouse").waitFor();
      await p.locator('[data-testid="connection-reach-person"][data-username="ursula"]').waitFor();
      for (const control of ["connections-new", "connection-check", "connection-edit", "connection-delete"]) {
        expect({ control, count: await p.getByTestId(control).count() }).toEqual({ control, count: 0 });
      }
      await bothThemes(p, "connections-auditor");
      await openAdmin(p, "grant-groups");
      await p.getByTestId("grant-group-open").getByText("Warehouse readers").click();
      await p.getByTestId("grant-group-connection").getByText("Team warehouse").waitFor();
      await p.getByTestId("grant-group-holder").getByText("Analysts").waitFor();
      for (const control of [
        "grant-groups-new",
        "grant-group-rename",
        "grant-group-delete",
        "grant-group-connection-remove",
        "connection-picker",
      ]) {
        expect({ control, count: await p.getByTestId(control).count() }).toEqual({ control, count: 0 });
      }
      await bothThemes(p, "grant-groups-auditor");
    });

    await step("the address of a deleted connection says it is gone", async () => {
      const p = auditor.page;
      await p.goto(`${weft.url}#/connections/${filesId}`);
      await p.getByTestId("connection-detail-error").getByText("This connection does not exist (any more)").waitFor();
    });

    await step("no password in any answer either page received, nor in their text", async () => {
      const bodies = [...(await Promise.all(answers)), ...(await Promise.all(auditorAnswers))];
      expect(bodies.length).toBeGreaterThan(20);
      expect(bodies.flatMap(secretKeys)).toEqual([]);
      const texts = [...bodies, ownerText, await pageText(auditor.page)];
      expect(texts.filter((t) => t.includes(WRONG_PASSWORD))).toEqual([]);
      // The right one too, when it is not also the account's or the database's name (CI's is "weft").
      const shownAnyway = [pg.username, pg.database, pg.host].some((s) => s.includes(pg.password));
      if (shownAnyway)
        console.warn("hub-admin-access: the PostgreSQL password is also a shown name; checked by key only");
      else expect(texts.filter((t) => t.includes(pg.password))).toEqual([]);
    });

    expect(problems.list).toEqual([]);
    expect(auditor.problems.list).toEqual([]);
    await auditor.context.close();
    await context.close();
  }, 180_000);
});
