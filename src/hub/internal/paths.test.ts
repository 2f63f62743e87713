import { expect, test } from "bun:test";
import { checkPaths, isWithin, normalisedPath } from "./paths";

const roots = [
  { path: "/data/shared", read_only: false },
  { path: "/data/archive/", read_only: true },
  { path: "/data/archive/inbox", read_only: false },
];

test.each<[string, string, string | null]>([
  ["absolute kept", "/data/shared/a.csv", "/data/shared/a.csv"],
  ["dot-dot resolved", "/data/shared/../secret/a.csv", "/data/secret/a.csv"],
  ["slashes folded", "//data///shared/./a.csv", "/data/shared/a.csv"],
  ["relative refused", "data/shared/a.csv", null],
  ["NUL refused", "/data/shared/a\0.csv", null],
])("normalisedPath: %s", (_n, given, want) => {
  expect(normalisedPath(given)).toBe(want);
});

test.each<[string, string, boolean]>([
  ["/data/shared", "/data/shared", true],
  ["/data/shared", "/data/shared/x/y.csv", true],
  ["/data/shared/", "/data/shared/x", true],
  ["/data/shared", "/data/shared-other/x", false],
  ["/data/shared", "/data", false],
  ["/data/shared", "/data/shared/..x", true],
  ["/", "/anything", true],
])("isWithin(%s, %s) = %s", (root, path, want) => {
  expect(isWithin(root, path)).toBe(want);
});

test.each<[string, string[], string[], unknown]>([
  [
    "a read in a root",
    ["/data/shared/a.csv"],
    [],
    { ok: true, paths: [{ path: "/data/shared/a.csv", read_only: false }] },
  ],
  [
    "a read in a read-only root",
    ["/data/archive/old.csv"],
    [],
    { ok: true, paths: [{ path: "/data/archive/old.csv", read_only: true }] },
  ],
  [
    "a write in a writable root",
    [],
    ["/data/shared/out.csv"],
    { ok: true, paths: [{ path: "/data/shared/out.csv", read_only: false }] },
  ],
  [
    "a write in a writable root nested in a read-only one",
    [],
    ["/data/archive/inbox/x.csv"],
    { ok: true, paths: [{ path: "/data/archive/inbox/x.csv", read_only: false }] },
  ],
  [
    "a write into a read-only root",
    [],
    ["/data/archive/x.csv"],
    { ok: false, refusal: { path: "/data/archive/x.csv", reason: "read_only" } },
  ],
  [
    "a dot-dot escape",
    ["/data/shared/../../etc/passwd"],
    [],
    { ok: false, refusal: { path: "/data/shared/../../etc/passwd", reason: "outside_grants" } },
  ],
  [
    "a neighbour sharing the prefix",
    ["/data/shared2/a.csv"],
    [],
    { ok: false, refusal: { path: "/data/shared2/a.csv", reason: "outside_grants" } },
  ],
  ["a relative path", ["a.csv"], [], { ok: false, refusal: { path: "a.csv", reason: "not_absolute" } }],
  ["nothing asked", [], [], { ok: true, paths: [] }],
])("checkPaths: %s", (_n, reads, writes, want) => {
  expect(checkPaths(roots, reads, writes)).toEqual(want as never);
});

test("no roots: every path is outside the grants", () => {
  expect(checkPaths([], ["/"], [])).toEqual({ ok: false, refusal: { path: "/", reason: "outside_grants" } });
});
