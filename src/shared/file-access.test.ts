import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ForbiddenError, ValidationError } from "./errors";
import {
  canonicalPath,
  type FileAccessPolicy,
  grantedRealPath,
  locateUserPath,
  resolveUserPath,
  withRealRoots,
} from "./file-access";

// realpath: the temp folder may itself sit behind a link (macOS /tmp), and answers are real paths.
const base = realpathSync(mkdtempSync(join(tmpdir(), "weft-access-")));
const granted = join(base, "granted");
const readOnly = join(base, "ro");
const outside = join(base, "outside");
const upper = join(base, "GRANTED");
for (const dir of [granted, readOnly, outside, upper, join(outside, "deep"), join(granted, "sub")]) mkdirSync(dir);
writeFileSync(join(granted, "a.csv"), "x\n1\n");
writeFileSync(join(outside, "secret.csv"), "x\n1\n");
writeFileSync(join(upper, "secret.csv"), "x\n1\n");
symlinkSync(outside, join(granted, "escape"));
symlinkSync(join(outside, "deep"), join(granted, "deep-escape"));
symlinkSync(join(outside, "secret.csv"), join(granted, "secret-link.csv"));
symlinkSync(join(outside, "not-yet.csv"), join(granted, "dangling-out.csv"));
symlinkSync("a.csv", join(granted, "inner-link.csv"));
symlinkSync("../granted/sub", join(granted, "sub-link"));
symlinkSync(join(granted, "loop-b"), join(granted, "loop-a"));
symlinkSync(join(granted, "loop-a"), join(granted, "loop-b"));
symlinkSync(join(outside, "loop-d"), join(outside, "loop-c"));
symlinkSync(join(outside, "loop-c"), join(outside, "loop-d"));
// A root that is itself a link: resolved once, to the folder it named then.
symlinkSync(granted, join(base, "root-link"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const policy: FileAccessPolicy = withRealRoots({
  mode: "restricted",
  roots: [
    { path: granted, readOnly: false },
    { path: readOnly, readOnly: true },
  ],
});

describe("canonicalPath walks names as the kernel does", () => {
  test.each([
    ["doubled and trailing slashes", `${granted}//sub///`, join(granted, "sub")],
    [". names", `${granted}/./sub/.`, join(granted, "sub")],
    ["a relative link", join(granted, "inner-link.csv"), join(granted, "a.csv")],
    ["a relative link with ..", join(granted, "sub-link"), join(granted, "sub")],
    ["`..` after a link goes up from its target", `${granted}/deep-escape/..`, outside],
    ["a missing tail is kept", `${granted}/new/x/../out.csv`, join(granted, "new", "out.csv")],
    ["a dangling link leads to its target", join(granted, "dangling-out.csv"), join(outside, "not-yet.csv")],
    ["past the top stays at /", "/../../..", "/"],
    ["a backslash is part of a name", `${granted}/..\\..\\outside`, join(granted, "..\\..\\outside")],
    ["% is never decoded", `${granted}/%2e%2e/outside`, join(granted, "%2e%2e", "outside")],
  ])("%s", (_, path, expected) => {
    expect(canonicalPath(path)).toBe(expected);
  });
});

describe("restricted file access", () => {
  test("a file under a root resolves to its real path, and names its root", () => {
    expect(locateUserPath(policy, join(granted, "a.csv"), "read")).toMatchObject({
      path: join(granted, "a.csv"),
      readOnly: false,
      root: { path: granted },
    });
  });
  test("a link inside a root to a file inside resolves to the file", () => {
    expect(resolveUserPath(policy, join(granted, "inner-link.csv"), "read")).toBe(join(granted, "a.csv"));
  });
  test("a new file under a writable root may be written", () => {
    expect(resolveUserPath(policy, join(granted, "new", "out.parquet"), "write")).toBe(
      join(granted, "new", "out.parquet"),
    );
  });
  test.each([
    ["outside every root", join(outside, "secret.csv")],
    ["outside and missing", join(outside, "nothing-here.csv")],
    ["escaping with ..", join(granted, "..", "outside", "secret.csv")],
    ["escaping with .. written raw", `${granted}/../outside/secret.csv`],
    ["through a linked folder", join(granted, "escape", "secret.csv")],
    ["through a link to a file", join(granted, "secret-link.csv")],
    ["a new file through a linked folder", join(granted, "escape", "new.csv")],
    ["a dangling link whose target is outside (a write would create it there)", join(granted, "dangling-out.csv")],
    ["`..` after a linked folder", `${granted}/deep-escape/../secret.csv`],
    ["the root's parent", base],
    ["/", "/"],
    ["the root with another case (Linux names are case-sensitive)", join(upper, "secret.csv")],
    ["a case change after ..", `${granted}/../GRANTED/secret.csv`],
    ["a link loop outside the roots (no hint that it loops)", join(outside, "loop-c", "x.csv")],
  ])("%s is 403, to read and to write", (_, path) => {
    expect(() => resolveUserPath(policy, path, "read")).toThrow(ForbiddenError);
    expect(() => resolveUserPath(policy, path, "write")).toThrow(ForbiddenError);
  });
  test("an outside refusal does not say whether the path exists", () => {
    const messageOf = (path: string) => {
      try {
        resolveUserPath(policy, path, "read");
      } catch (err) {
        return (err as Error).message.replace(path, "<path>");
      }
      return "allowed";
    };
    expect(messageOf(join(outside, "secret.csv"))).toBe(messageOf(join(outside, "missing.csv")));
  });
  test("writing into a read-only root is 403, reading is fine", () => {
    expect(resolveUserPath(policy, join(readOnly, "x.csv"), "read")).toBe(join(readOnly, "x.csv"));
    expect(() => resolveUserPath(policy, join(readOnly, "x.csv"), "write")).toThrow(/read-only/);
  });
  test.each([
    ["empty", ""],
    ["blank", "   "],
    ["relative", "relative/a.csv"],
    ["relative with ..", "../outside/secret.csv"],
    ["home shorthand", "~/a.csv"],
    ["Windows drive", "C:\\..\\outside\\secret.csv"],
    ["Windows share", "\\\\server\\share\\a.csv"],
    ["NUL inside", `${granted}/a\u0000.csv`],
    ["NUL hiding an escape", `${granted}/a.csv\u0000/../../outside/secret.csv`],
    ["too long", `${granted}/${"a/".repeat(3000)}`],
  ])("a bad path (%s) is a 400", (_, path) => {
    expect(() => resolveUserPath(policy, path, "read")).toThrow(ValidationError);
  });
  test("a link loop inside a root is a 400 that names the loop", () => {
    expect(() => resolveUserPath(policy, join(granted, "loop-a", "x.csv"), "read")).toThrow(/symbolic links/);
  });
  test("a device cannot be read or written, even in open mode", () => {
    expect(() => resolveUserPath({ mode: "open", roots: [] }, "/dev/zero", "read")).toThrow(/not a regular file/);
    expect(() => resolveUserPath({ mode: "open", roots: [] }, "/dev/null", "write")).toThrow(/not a regular file/);
  });
});

describe("roots resolved at startup", () => {
  test("a root that is a link grants its target, by any of the two names", () => {
    const linked = withRealRoots({ mode: "restricted", roots: [{ path: join(base, "root-link"), readOnly: false }] });
    expect(linked.roots[0]?.realPath).toBe(granted);
    expect(resolveUserPath(linked, join(base, "root-link", "a.csv"), "read")).toBe(join(granted, "a.csv"));
    expect(resolveUserPath(linked, join(granted, "a.csv"), "read")).toBe(join(granted, "a.csv"));
    expect(() => resolveUserPath(linked, join(base, "root-link", "escape", "secret.csv"), "read")).toThrow(
      ForbiddenError,
    );
  });
  test("the innermost root decides: a read-only folder inside a writable root", () => {
    const nested = withRealRoots({
      mode: "restricted",
      roots: [
        { path: granted, readOnly: false },
        { path: join(granted, "sub"), readOnly: true },
      ],
    });
    expect(() => resolveUserPath(nested, join(granted, "sub", "x.csv"), "write")).toThrow(/read-only/);
    expect(resolveUserPath(nested, join(granted, "x.csv"), "write")).toBe(join(granted, "x.csv"));
  });
  test("a root's sibling with a longer name is not inside it", () => {
    mkdirSync(join(base, "granted-not"), { recursive: true });
    expect(() => resolveUserPath(policy, join(base, "granted-not", "x.csv"), "read")).toThrow(ForbiddenError);
  });
});

test("grantedRealPath: a link's target when granted; undefined outside or in a loop", () => {
  expect(grantedRealPath(policy, join(granted, "inner-link.csv"))).toBe(join(granted, "a.csv"));
  expect(grantedRealPath(policy, join(granted, "secret-link.csv"))).toBeUndefined();
  expect(grantedRealPath(policy, join(granted, "loop-a"))).toBeUndefined();
});

test("open mode allows any absolute path, still resolved", () => {
  const open: FileAccessPolicy = { mode: "open", roots: [] };
  expect(resolveUserPath(open, join(outside, "secret.csv"), "write")).toBe(join(outside, "secret.csv"));
  expect(resolveUserPath(open, join(granted, "escape", "secret.csv"), "read")).toBe(join(outside, "secret.csv"));
  expect(() => resolveUserPath(open, "relative.csv", "read")).toThrow(ValidationError);
});
