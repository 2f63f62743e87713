import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ForbiddenError, ValidationError } from "./errors";
import { type FileAccessPolicy, resolveUserPath } from "./file-access";

const base = mkdtempSync(join(tmpdir(), "weft-access-"));
const granted = join(base, "granted");
const readOnly = join(base, "ro");
const outside = join(base, "outside");
for (const dir of [granted, readOnly, outside]) mkdirSync(dir);
writeFileSync(join(granted, "a.csv"), "x\n1\n");
writeFileSync(join(outside, "secret.csv"), "x\n1\n");
symlinkSync(outside, join(granted, "escape"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const policy: FileAccessPolicy = {
  mode: "restricted",
  roots: [
    { path: granted, readOnly: false },
    { path: readOnly, readOnly: true },
  ],
};

describe("restricted file access", () => {
  test("a file under a root resolves to its real path", () => {
    expect(resolveUserPath(policy, join(granted, "a.csv"), "read")).toBe(join(granted, "a.csv"));
  });
  test("a new file under a writable root may be written", () => {
    expect(resolveUserPath(policy, join(granted, "new", "out.parquet"), "write")).toBe(
      join(granted, "new", "out.parquet"),
    );
  });
  test.each([
    ["outside every root", join(outside, "secret.csv")],
    ["escaping with ..", join(granted, "..", "outside", "secret.csv")],
    ["through a symbolic link", join(granted, "escape", "secret.csv")],
    ["a new file through a symbolic link", join(granted, "escape", "new.csv")],
    ["the root's parent", base],
  ])("%s is 403", (_, path) => {
    expect(() => resolveUserPath(policy, path, "read")).toThrow(ForbiddenError);
  });
  test("writing into a read-only root is 403, reading is fine", () => {
    expect(resolveUserPath(policy, join(readOnly, "x.csv"), "read")).toBe(join(readOnly, "x.csv"));
    expect(() => resolveUserPath(policy, join(readOnly, "x.csv"), "write")).toThrow(/read-only/);
  });
  test.each([[""], ["relative/a.csv"], [`${granted}/a\u0000.csv`]])("a bad path %p is a 400", (path) => {
    expect(() => resolveUserPath(policy, path, "read")).toThrow(ValidationError);
  });
});

test("open mode allows any absolute path", () => {
  expect(resolveUserPath({ mode: "open", roots: [] }, join(outside, "secret.csv"), "write")).toBe(
    join(outside, "secret.csv"),
  );
});
