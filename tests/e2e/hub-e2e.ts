import type { Page } from "playwright-core";
import { waitUntil } from "../helpers/wait";
import { screenshot } from "./browser";

/** A caller of the Hub's API under `base` (the test's own client: setup the UI does not do, and checks). */
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
export type HubCall = (method: string, path: string, bearer?: string, body?: unknown) => Promise<any>;

export function hubApi(base: string): HubCall {
  return async (method, path, bearer, body) => {
    const headers: Record<string, string> = {};
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(new URL(`/api/v1${path}`, base), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text.startsWith("{") ? JSON.parse(text) : {};
  };
}

/** Light and dark screenshots (`hub-<name>-<scheme>`) of what the page shows now. */
export async function bothThemes(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `hub-${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * The signed-in account grants itself `folder` through a filesystem connection, a user group
 * and a grant group (the Hub's API), then waits until the Server of `weft all` is online.
 */
export async function grantFolderToSelf(hub: HubCall, token: string, folder: string): Promise<void> {
  const me = (await hub("GET", "/auth/me", token)).id;
  const files = await hub("POST", "/connections", token, { name: "Team files", type: "filesystem", path: folder });
  const group = await hub("POST", "/groups", token, { name: "Analysts" });
  const grants = await hub("POST", "/grant-groups", token, { name: "Analyst files" });
  await hub("POST", `/groups/${group.id}/members`, token, { user_id: me });
  await hub("POST", `/grant-groups/${grants.id}/connections/${files.id}`, token);
  await hub("POST", `/groups/${group.id}/grant-groups/${grants.id}`, token);
  await waitUntil(
    async () => (await hub("GET", "/servers", token)).servers?.[0]?.status === "online",
    "the Server of `weft all` online at its Hub",
  );
}

/** Signs `username` in on the sign-in page at `url` (a Hub that has an owner), and waits for Home. */
export async function signIn(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId("sign-in-username").fill(username);
  await page.getByTestId("sign-in-password").fill(password);
  await page.getByTestId("sign-in-submit").click();
  await page.getByTestId("home-page").waitFor();
}

/** Goes to an admin page through the navigation: the top row's Admin, then the side link. */
export async function openAdmin(page: Page, area: string): Promise<void> {
  await page.getByTestId("hub-nav-admin").click();
  await page.getByTestId(`hub-nav-${area}`).click();
  await page.getByTestId(`${area}-page`).waitFor();
}

/** The Users page's "New account" dialog: creates it and answers the first password it showed once. */
export async function createAccount(page: Page, username: string, role: string): Promise<string> {
  await page.getByTestId("users-create").click();
  await page.getByTestId("user-create").waitFor();
  await page.getByTestId("user-create-username").fill(username);
  await page.getByTestId("user-create-role").selectOption(role);
  await page.getByTestId("user-create-submit").click();
  const shown = page.getByTestId("user-created-password");
  await shown.waitFor();
  const password = (await shown.textContent()) ?? "";
  await page.getByTestId("user-created-cancel").click();
  await page.getByTestId("user-created").waitFor({ state: "detached" });
  await page.locator(`[data-testid="user-row"][data-username="${username}"]`).waitFor();
  return password;
}
