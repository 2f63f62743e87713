import { describe, expect, test } from "bun:test";
import type { HubConnection } from "./granted-connections";
import { nameRoots } from "./granted-roots";

const connection = (fields: Partial<HubConnection>): HubConnection => ({
  id: fields.name ?? "c",
  name: "c",
  type: "filesystem",
  description: null,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  health: { status: null, checked_at: null, latency_ms: null, error: null },
  ...fields,
});

describe("the file picker's places in hub mode", () => {
  test("each granted folder is named as the Hub names it; a SQLite connection's file is not a place", () => {
    const roots = [
      { path: "/srv/team", read_only: false },
      { path: "/srv/archive", read_only: true },
      { path: "/srv/db/sales.sqlite", read_only: true },
    ];
    const folders = [
      connection({ name: "Team files", path: "/srv/team/" }),
      connection({ name: "Archive", path: "/srv/archive" }),
    ];
    const databases = [
      connection({ name: "Sales", type: "database", db_type: "sqlite", database: "/srv/db/sales.sqlite" }),
    ];
    expect(nameRoots(roots, folders, databases)).toEqual([
      { path: "/srv/team", read_only: false, name: "Team files" },
      { path: "/srv/archive", read_only: true, name: "Archive" },
    ]);
  });

  test("a root no connection names (a link resolved by the Server) stays, by its path", () => {
    expect(nameRoots([{ path: "/private/tmp/x", read_only: false }], [], [])).toEqual([
      { path: "/private/tmp/x", read_only: false },
    ]);
  });
});
