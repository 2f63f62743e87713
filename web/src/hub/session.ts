/**
 * The person's Hub session as this tab holds it. Kept in sessionStorage, not localStorage:
 * the token is a bearer for up to SESSION_TTL_HOURS (a week), and a tab-scoped copy goes
 * when the tab or browser closes (a shared computer is not left signed in) and is not read
 * by every other tab of the origin; a reload keeps it. The cost, signing in once per tab,
 * is the Server's tab token's too (lib/tab-token.ts).
 *
 * `ended` is a session the Hub stopped accepting (expired, signed out elsewhere, deleted):
 * the app asks for a sign-in over what the person was doing, which stays as it was.
 */
import { createSignal } from "solid-js";
import type { HubSession, HubUser } from "../lib/hub-types";

export const SESSION_KEY = "weft.hub.session";

function read(storage: Storage): HubSession | undefined {
  try {
    const held = JSON.parse(storage.getItem(SESSION_KEY) ?? "null") as HubSession | null;
    return held?.token ? held : undefined;
  } catch {
    return undefined;
  }
}

export function createSessionStore(storage: Storage = sessionStorage) {
  const [current, setCurrent] = createSignal<HubSession | undefined>(read(storage));
  const [ended, setEnded] = createSignal(false);
  // Bumped at each sign-in after an end: what failed for want of a session asks again.
  const [renewals, setRenewals] = createSignal(0);
  return {
    /** The bearer token, while the session lasts. */
    token: (): string | undefined => (ended() ? undefined : current()?.token),
    user: (): HubUser | undefined => current()?.user,
    signedIn: () => current() !== undefined,
    ended,
    renewals,
    /** A new session from a sign-in or the first-run setup. */
    start(session: HubSession) {
      storage.setItem(SESSION_KEY, JSON.stringify(session));
      setCurrent(session);
      if (ended()) {
        setEnded(false);
        setRenewals((n) => n + 1);
      }
    },
    /** The Hub refused the session: keep what is on screen, ask for a sign-in. */
    markEnded() {
      if (!current()) return;
      storage.removeItem(SESSION_KEY);
      setEnded(true);
    },
    /** Signed out: back to the sign-in page. */
    clear() {
      storage.removeItem(SESSION_KEY);
      setEnded(false);
      setCurrent(undefined);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
