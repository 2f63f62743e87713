import { describe, expect, test } from "bun:test";
import type { HubSession } from "../lib/hub-types";
import { createSessionStore, SESSION_KEY } from "./session";

/** A Storage of the browser's shape, over a Map (bun has no sessionStorage). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const session = (token: string): HubSession => ({
  token,
  expires_at: "2026-12-01T00:00:00.000Z",
  user: {
    id: "u1",
    username: "olga",
    email: null,
    role: "owner",
    created_at: "2026-11-28T00:00:00.000Z",
  } as HubSession["user"],
});

describe("the tab's Hub session", () => {
  test("kept in the storage it is given, read back by a new store (a reload)", () => {
    const storage = memoryStorage();
    createSessionStore(storage).start(session("t1"));
    const reloaded = createSessionStore(storage);
    expect(reloaded.token()).toBe("t1");
    expect(reloaded.user()?.username).toBe("olga");
  });

  test("an ended session keeps the person on screen, sends no token, and a new sign-in renews it", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.start(session("t1"));
    store.markEnded();
    expect([store.signedIn(), store.ended(), store.token(), store.user()?.username]).toEqual([
      true,
      true,
      undefined,
      "olga",
    ]);
    expect(storage.getItem(SESSION_KEY)).toBeNull();
    store.start(session("t2"));
    expect([store.ended(), store.token(), store.renewals()]).toEqual([false, "t2", 1]);
  });

  test("signing out forgets it; a store without one, or with a broken one, is signed out", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.start(session("t1"));
    store.clear();
    expect([store.signedIn(), store.ended(), store.token()]).toEqual([false, false, undefined]);
    storage.setItem(SESSION_KEY, "{not json");
    expect(createSessionStore(storage).signedIn()).toBe(false);
    // Ending a session nobody holds changes nothing.
    store.markEnded();
    expect(store.ended()).toBe(false);
  });
});
