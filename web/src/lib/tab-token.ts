/**
 * The Server's token as this browser tab holds it: the link `weft` prints carries it as
 * `?token=`; it is kept in sessionStorage for the tab (a reload keeps it, another tab does
 * not) and taken out of the address bar.
 */

const TOKEN_KEY = "weft.token";

/** Takes `?token=` from the address, keeps it for the tab, and hides it. */
export function adoptTokenFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token");
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  url.searchParams.delete("token");
  window.history.replaceState(null, "", url.pathname + url.search + url.hash);
}

/** The token this tab holds, read at each request (a client's `token` getter). */
export function tabToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}
