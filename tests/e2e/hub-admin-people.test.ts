/**
 * The admin area's Servers, Users and User Groups pages in `weft all`, in Debian's Chromium:
 * the owner creates an admin, an auditor and a user on the Users page (each first password
 * shown once), a user group with the user as member and a grant group assigned to it on the
 * User Groups page, and sees the Server of `weft all` online with its version and load on the
 * Servers page (and adds a Server by hand, its token shown once, then revokes it). The admin,
 * signed in with the password the owner was shown, is never offered the owner role, and the
 * Hub refuses it anyway; the auditor sees the three pages without a control that writes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { waitUntil } from "../helpers/wait";
import { CHROMIUM, hasChromium, launchChromium, openPage, step } from "./browser";
import { bothThemes, createAccount, type HubCall, hubApi, openAdmin } from "./hub-e2e";
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

/** The role options of the "New account" dialog, then closes it. */
async function offeredRoles(page: Page): Promise<string[]> {
  await page.getByTestId("users-create").click();
  const options = await page
    .getByTestId("user-create-role")
    .locator("option")
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  await page.getByTestId("user-create-cancel").click();
  await page.getByTestId("user-create").waitFor({ state: "detached" });
  return options;
}

/** A fresh browser context signed in as `username` (the sign-in page of a Hub that has an owner). */
async function signedIn(username: string, password: string) {
  const opened = await openPage(browser);
  await opened.page.goto(`${weft.url}?e2e=1`);
  await opened.page.getByTestId("sign-in-username").fill(username);
  await opened.page.getByTestId("sign-in-password").fill(password);
  await opened.page.getByTestId("sign-in-submit").click();
  await opened.page.getByTestId("home-page").waitFor();
  return opened;
}

describe.skipIf(!hasChromium)("the admin area's Servers, Users and User Groups in `weft all`", () => {
  test("the owner sets up people and groups; the admin cannot make an owner; the auditor reads", async () => {
    const owner = await openPage(browser);
    const page = owner.page;
    await step("the owner sets up the Hub and lands on Home", async () => {
      await page.goto(`${weft.url}?e2e=1`);
      await page.getByTestId("setup-username").fill("olga");
      await page.getByTestId("setup-password").fill(PASSWORD);
      await page.getByTestId("setup-submit").click();
      await page.getByTestId("home-page").waitFor();
    });
    const ownerToken = (await hub("POST", "/auth/login", undefined, { username: "olga", password: PASSWORD })).token;
    // Grant groups are made on their own page (another area): the API makes the one assigned here.
    const grants = await hub("POST", "/grant-groups", ownerToken, {
      name: "Analyst files",
      description: "The team's shared folder",
    });

    const passwords: Record<string, string> = {};
    await step("the owner is offered every role and creates an admin, an auditor and a user", async () => {
      await openAdmin(page, "users");
      await page.locator('[data-testid="user-row"][data-username="olga"]').getByText("you").waitFor();
      expect(await offeredRoles(page)).toEqual(["owner", "admin", "auditor", "user"]);
      passwords.ada = await createAccount(page, "ada", "admin");
      passwords.audrey = await createAccount(page, "audrey", "auditor");
      passwords.uma = await createAccount(page, "uma", "user");
      const listed = (await hub("GET", "/users", ownerToken)).users.map((u: { username: string; role: string }) => [
        u.username,
        u.role,
      ]);
      expect(listed).toEqual([
        ["ada", "admin"],
        ["audrey", "auditor"],
        ["olga", "owner"],
        ["uma", "user"],
      ]);
      // The owner cannot change his own role here: his row shows it, without a control.
      const own = page.locator('[data-testid="user-row"][data-username="olga"]');
      expect(await own.getByTestId("user-role-select").count()).toBe(0);
      expect(await own.getByTestId("user-reset-password").count()).toBe(0);
      await bothThemes(page, "admin-users");
    });

    await step("the owner disables the user (after a confirmation) and enables it again", async () => {
      const uma = page.locator('[data-testid="user-row"][data-username="uma"]');
      await uma.getByTestId("user-disable").click();
      await page.getByTestId("user-disable-confirm").waitFor();
      await bothThemes(page, "admin-user-disable");
      await page.getByTestId("user-disable-confirm-submit").click();
      await uma.getByTestId("user-status").getByText("Disabled").waitFor();
      const refused = hub("POST", "/auth/login", undefined, { username: "uma", password: passwords.uma });
      await expect(refused).rejects.toThrow(/401.*disabled/);
      await uma.getByTestId("user-enable").click();
      await uma.getByTestId("user-status").getByText("Active").waitFor();
      expect(
        (await hub("POST", "/auth/login", undefined, { username: "uma", password: passwords.uma })).token,
      ).toBeTruthy();
    });

    await step(
      "the owner resets the auditor's password: the temporary one is shown once, and it signs in",
      async () => {
        const audrey = page.locator('[data-testid="user-row"][data-username="audrey"]');
        await audrey.getByTestId("user-reset-password").click();
        await page.getByTestId("password-reset-submit").click();
        const shown = page.getByTestId("password-reset-password");
        await shown.waitFor();
        await bothThemes(page, "admin-password-reset");
        const temporary = (await shown.textContent()) ?? "";
        expect(temporary).not.toBe(passwords.audrey);
        await page.getByTestId("password-reset-done-cancel").click();
        await page.getByTestId("password-reset-done").waitFor({ state: "detached" });
        await expect(
          hub("POST", "/auth/login", undefined, { username: "audrey", password: passwords.audrey }),
        ).rejects.toThrow(/401/);
        passwords.audrey = temporary;
      },
    );

    await step("the search finds accounts by part of the username", async () => {
      await page.getByTestId("users-search").fill("AU");
      await page.locator('[data-testid="user-row"][data-username="ada"]').waitFor({ state: "detached" });
      await page.locator('[data-testid="user-row"][data-username="audrey"]').waitFor();
      const rows = await page
        .getByTestId("user-row")
        .evaluateAll((all) => all.map((r) => r.getAttribute("data-username")));
      expect(rows).toEqual(["audrey"]);
      await page.getByTestId("users-search").fill("");
      await page.locator('[data-testid="user-row"][data-username="ada"]').waitFor();
    });

    await step("the owner creates a group, adds the user and assigns the grant group", async () => {
      await openAdmin(page, "groups");
      await page.getByTestId("groups-empty").waitFor();
      await page.getByTestId("groups-create").click();
      await page.getByTestId("group-form-name").fill("Analysts");
      await page.getByTestId("group-form-description").fill("Everyone who builds reports");
      await page.getByTestId("group-form-submit").click();
      await page.getByTestId("group-detail-name").getByText("Analysts").waitFor();
      await page.getByTestId("group-members-empty").waitFor();
      await page.getByTestId("member-picker-search").fill("um");
      await page.locator('[data-testid="member-picker-option"]').getByText("uma").click();
      await page.locator('[data-testid="group-member-row"][data-username="uma"]').waitFor();
      await page.getByTestId("grant-picker-search").fill("analyst");
      await page.locator('[data-testid="grant-picker-option"]').getByText("Analyst files").click();
      await page.locator('[data-testid="group-grant-row"][data-name="Analyst files"]').waitFor();
      // What was added is offered no more.
      await page.getByTestId("grant-picker-none").waitFor();

      const group = (await hub("GET", "/groups", ownerToken)).groups[0];
      expect(group).toMatchObject({ name: "Analysts", description: "Everyone who builds reports" });
      const members = await hub("GET", `/groups/${group.id}/members`, ownerToken);
      expect(members.users.map((u: { username: string }) => u.username)).toEqual(["uma"]);
      const assigned = await hub("GET", `/groups/${group.id}/grant-groups`, ownerToken);
      expect(assigned.grant_groups.map((g: { id: string }) => g.id)).toEqual([grants.id]);
      await page.getByTestId("grant-picker-search").press("Escape");
      await bothThemes(page, "admin-groups");
    });

    await step("Servers shows the Server of `weft all` online, with its version and load", async () => {
      await waitUntil(
        async () => (await hub("GET", "/servers", ownerToken)).servers?.[0]?.status === "online",
        "the Server of `weft all` online at its Hub",
      );
      const server = (await hub("GET", "/servers", ownerToken)).servers[0];
      await openAdmin(page, "servers");
      const row = page.locator(`[data-testid="server-row"][data-name="${server.name}"]`);
      await row.getByTestId("server-status").getByText("Online").waitFor();
      expect(await row.getByTestId("server-version").textContent()).toBe(server.version);
      // `weft all` here runs one engine process: load reads against that capacity.
      expect(server.capacity).toBe(1);
      expect(await row.getByTestId("server-load-text").textContent()).toMatch(/^(Idle \(0 of 1\)|1 of 1 busy.*)$/);
      expect(await row.getByTestId("server-latency").textContent()).toMatch(/^\d+ ms$/);
      await row.getByTestId("server-refresh").click();
      await page.getByTestId("servers-notice").getByText(`${server.name} answered: online.`).waitFor();
      await bothThemes(page, "admin-servers");
    });

    await step(
      "the owner lets only the Analysts use the Server (a searchable picker), then reads it in the row",
      async () => {
        const server = (await hub("GET", "/servers", ownerToken)).servers[0];
        const row = page.locator(`[data-testid="server-row"][data-name="${server.name}"]`);
        await row.getByTestId("server-groups-edit").click();
        await page.getByTestId("server-groups-everyone").waitFor();
        await page.getByTestId("server-group-picker-search").fill("analy");
        // Enter takes the first match (and does not submit the dialog's form).
        await page.locator('[data-testid="server-group-picker-option"]').getByText("Analysts").waitFor();
        await page.getByTestId("server-group-picker-search").press("Enter");
        await page.locator('[data-testid="server-groups-chosen"][data-name="Analysts"]').waitFor();
        await bothThemes(page, "admin-server-groups");
        await page.getByTestId("server-groups-submit").click();
        await page.getByTestId("server-groups").waitFor({ state: "detached" });
        await row.getByTestId("server-groups-cell").getByText("Analysts").waitFor();
        const groups = await hub("GET", `/servers/${server.id}/groups`, ownerToken);
        expect(groups.groups.map((g: { name: string }) => g.name)).toEqual(["Analysts"]);
        // Everyone again (the admin and the auditor below are no Analysts: their designer would find no Server).
        await row.getByTestId("server-groups-edit").click();
        await page.getByTestId("server-groups-remove").click();
        await page.getByTestId("server-groups-everyone").waitFor();
        await page.getByTestId("server-groups-submit").click();
        await page.getByTestId("server-groups").waitFor({ state: "detached" });
        await row.getByTestId("server-groups-cell").getByText("Everyone").waitFor();
        expect((await hub("GET", `/servers/${server.id}/groups`, ownerToken)).total).toBe(0);
      },
    );

    await step("a Server added by hand shows its token once, and is revoked after a confirmation", async () => {
      await page.getByTestId("servers-add").click();
      await page.getByTestId("server-add-name").fill("spare");
      await page.getByTestId("server-add-endpoint").fill("http://127.0.0.1:9");
      await page.getByTestId("server-add-submit").click();
      const token = (await page.getByTestId("server-added-token").textContent()) ?? "";
      expect(token.length).toBeGreaterThan(20);
      await bothThemes(page, "admin-server-added");
      await page.getByTestId("server-added-cancel").click();
      await page.getByTestId("server-added").waitFor({ state: "detached" });
      const spare = page.locator('[data-testid="server-row"][data-name="spare"]');
      await spare.waitFor();
      // The token is in that answer only.
      expect(await page.evaluate(() => document.body.textContent ?? "")).not.toContain(token);
      await spare.getByTestId("server-revoke").click();
      await page.getByTestId("server-revoke-confirm").waitFor();
      await bothThemes(page, "admin-server-revoke");
      await page.getByTestId("server-revoke-confirm-submit").click();
      await spare.getByTestId("server-status").getByText("Revoked").waitFor();
      expect(await spare.getByTestId("server-revoke").count()).toBe(0);
      const revoked = (await hub("GET", "/servers?name=spare", ownerToken)).servers[0];
      expect(revoked.revoked_at).not.toBeNull();
      // Revoked, it can be removed (after a confirmation), so its name may register again.
      await spare.getByTestId("server-remove").click();
      await page.getByTestId("server-remove-confirm-submit").click();
      await spare.waitFor({ state: "detached" });
      expect((await hub("GET", "/servers?name=spare", ownerToken)).total).toBe(0);
    });

    expect(owner.problems.list).toEqual([]);
    await owner.context.close();

    await step(
      "the admin, signed in with the password shown to the owner, is never offered the owner role",
      async () => {
        const admin = await signedIn("ada", passwords.ada as string);
        await openAdmin(admin.page, "users");
        expect(await offeredRoles(admin.page)).toEqual(["auditor", "user"]);
        // The owner's row and the admin's own show their role without a control; the user's may change.
        for (const name of ["olga", "ada"]) {
          const row = admin.page.locator(`[data-testid="user-row"][data-username="${name}"]`);
          await row.getByTestId("user-role").waitFor();
          expect(await row.getByTestId("user-role-select").count()).toBe(0);
        }
        const uma = admin.page.locator('[data-testid="user-row"][data-username="uma"]').getByTestId("user-role-select");
        const umaOptions = await uma
          .locator("option")
          .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
        expect(umaOptions).toEqual(["user", "auditor"]);
        // Choosing is not changing: the change waits for "Change" (an arrow key on a closed select moves it).
        await uma.selectOption("auditor");
        const umaRow = admin.page.locator('[data-testid="user-row"][data-username="uma"]');
        expect((await hub("GET", "/users?name=uma", ownerToken)).users[0].role).toBe("user");
        await umaRow.getByTestId("user-role-keep").click();
        expect(await uma.inputValue()).toBe("user");
        await uma.selectOption("auditor");
        await umaRow.getByTestId("user-role-apply").click();
        await admin.page.getByTestId("users-notice").getByText("uma is now Auditor.").waitFor();
        expect((await hub("GET", "/users?name=uma", ownerToken)).users[0].role).toBe("auditor");
        await umaRow.getByTestId("user-role-select").selectOption("user");
        await umaRow.getByTestId("user-role-apply").click();
        await admin.page.getByTestId("users-notice").getByText("uma is now User.").waitFor();
        // And the Hub refuses it anyway.
        const adminToken = (await hub("POST", "/auth/login", undefined, { username: "ada", password: passwords.ada }))
          .token;
        const refused = hub("POST", "/users", adminToken, { username: "otto", password: PASSWORD, role: "owner" });
        await expect(refused).rejects.toThrow(/403/);
        expect(admin.problems.list).toEqual([]);
        await admin.context.close();
      },
    );

    await step("the auditor sees the three pages without a control that writes", async () => {
      const auditor = await signedIn("audrey", passwords.audrey as string);
      const p = auditor.page;
      await openAdmin(p, "users");
      await p.locator('[data-testid="user-row"][data-username="uma"]').waitFor();
      expect(await p.getByTestId("users-create").count()).toBe(0);
      expect(await p.getByTestId("user-role-select").count()).toBe(0);
      expect(await p.getByTestId("user-reset-password").count()).toBe(0);
      expect(await p.getByTestId("user-disable").count()).toBe(0);
      await bothThemes(p, "admin-users-auditor");

      await openAdmin(p, "groups");
      await p.locator('[data-testid="group-open"][data-name="Analysts"]').click();
      await p.locator('[data-testid="group-member-row"][data-username="uma"]').waitFor();
      await p.locator('[data-testid="group-grant-row"][data-name="Analyst files"]').waitFor();
      for (const control of [
        "groups-create",
        "group-rename",
        "group-delete",
        "member-picker",
        "grant-picker",
        "group-member-remove",
        "group-grant-remove",
      ]) {
        expect(await p.getByTestId(control).count()).toBe(0);
      }
      await bothThemes(p, "admin-groups-auditor");

      await openAdmin(p, "servers");
      await p.getByTestId("server-row").first().waitFor();
      for (const control of ["servers-add", "server-refresh", "server-revoke", "server-groups-edit"]) {
        expect(await p.getByTestId(control).count()).toBe(0);
      }
      await bothThemes(p, "admin-servers-auditor");
      // The same page on a 4K screen: the table spreads, nothing overflows.
      await p.setViewportSize({ width: 3840, height: 2160 });
      await openAdmin(p, "groups");
      await p.locator('[data-testid="group-open"][data-name="Analysts"]').click();
      await p.locator('[data-testid="group-member-row"][data-username="uma"]').waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(3840);
      await bothThemes(p, "admin-groups-4k");
      expect(auditor.problems.list).toEqual([]);
      await auditor.context.close();
    });
  }, 180_000);
});
