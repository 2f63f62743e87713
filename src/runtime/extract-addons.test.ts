import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EmbeddedFile, extractionRoots, extractOnce, mountOptions } from "./extract-addons";

const uid = process.getuid?.() ?? 0;
let dir: string;
let files: EmbeddedFile[];
let env: Record<string, string>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "weft-extract-"));
  mkdirSync(join(dir, "src"));
  files = ["a.node", "liba.so"].map((name, i) => {
    const source = join(dir, "src", name);
    writeFileSync(source, Buffer.alloc(100_000 + i, i + 1));
    return { name, source };
  });
  env = { XDG_CACHE_HOME: join(dir, "cache"), HOME: join(dir, "home"), TMPDIR: join(dir, "tmp") };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const MOUNTS = `22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
30 22 0:26 / /tmp rw,nosuid,nodev,noexec shared:5 - tmpfs tmpfs rw
31 22 0:27 / /tmp/ok\\040dir rw,nosuid shared:6 - tmpfs tmpfs rw`;

describe("mountOptions", () => {
  test("the longest mount point holding the path wins", () => {
    expect(mountOptions("/home/a", MOUNTS)).toContain("relatime");
    expect(mountOptions("/tmp/x/y", MOUNTS)).toContain("noexec");
    expect(mountOptions("/tmp/ok dir/z", MOUNTS)).not.toContain("noexec");
    expect(mountOptions("/tmpfoo", MOUNTS)).not.toContain("noexec");
  });
});

describe("extractionRoots", () => {
  test("cache first, then runtime and per-user temp folders", () => {
    expect(extractionRoots({ XDG_CACHE_HOME: "/c", HOME: "/h", XDG_RUNTIME_DIR: "/r", TMPDIR: "/t" }, 7)).toEqual([
      "/c/weft",
      "/h/.cache/weft",
      "/r/weft",
      "/t/weft-7",
      "/var/tmp/weft-7",
    ]);
  });
});

describe("extractOnce", () => {
  test("puts the files side by side in the first root and reuses them", () => {
    const target = extractOnce({ id: "v1-abc", files, env, uid });
    expect(target).toBe(join(dir, "cache", "weft", "native-v1-abc"));
    expect(readFileSync(join(target, "a.node"))).toEqual(readFileSync(files[0]?.source as string));
    expect(statSync(join(target, "liba.so")).size).toBe(100_001);
    const mtime = statSync(join(target, "a.node")).mtimeMs;
    expect(extractOnce({ id: "v1-abc", files, env, uid })).toBe(target);
    expect(statSync(join(target, "a.node")).mtimeMs).toBe(mtime);
    expect(readdirSync(join(dir, "cache", "weft"))).toEqual(["native-v1-abc"]);
  });

  test("a damaged folder (a size that does not match) is extracted again", () => {
    const target = extractOnce({ id: "v1", files, env, uid });
    truncateSync(join(target, "liba.so"), 10);
    expect(extractOnce({ id: "v1", files, env, uid })).toBe(target);
    expect(statSync(join(target, "liba.so")).size).toBe(100_001);
    expect(readdirSync(join(dir, "cache", "weft"))).toEqual(["native-v1"]);
  });

  test("replace discards an existing folder and writes a fresh one", () => {
    const target = extractOnce({ id: "v2", files, env, uid });
    writeFileSync(join(target, "a.node"), Buffer.alloc(100_000, 9));
    const fresh = extractOnce({ id: "v2", files, env, uid, replace: true });
    expect(fresh).toBe(target);
    expect(readFileSync(join(fresh, "a.node"))[0]).toBe(1);
  });

  test("a world-writable root is skipped: a planted library must never load", () => {
    const planted = join(dir, "cache", "weft");
    mkdirSync(planted, { recursive: true });
    chmodSync(planted, 0o777);
    const target = extractOnce({ id: "v3", files, env, uid });
    expect(target).toBe(join(dir, "home", ".cache", "weft", "native-v3"));
  });

  test("a root on a noexec file system is skipped", () => {
    mkdirSync(join(dir, "cache"));
    const mountinfo = `22 1 8:1 / / rw - ext4 /dev/sda1 rw\n40 22 0:30 / ${join(dir, "cache")} rw,noexec - tmpfs t rw`;
    const target = extractOnce({ id: "v4", files, env, uid, mountinfo });
    expect(target.startsWith(join(dir, "home"))).toBe(true);
  });

  test("no usable root: a clear error listing each", () => {
    expect(() => extractOnce({ id: "v5", files, env, uid: uid + 4242 })).toThrow(
      /cannot extract the native addons anywhere \(.*weft: not usable/,
    );
  });

  test("eight processes extracting at once all get the same complete folder", async () => {
    const script = join(dir, "extract.ts");
    writeFileSync(
      script,
      `import { extractOnce } from ${JSON.stringify(join(import.meta.dir, "extract-addons.ts"))};
       const files = JSON.parse(process.env.FILES ?? "[]");
       console.log(extractOnce({ id: "race", files, env: process.env, uid: process.getuid?.() ?? 0 }));`,
    );
    const procs = Array.from({ length: 8 }, () =>
      Bun.spawn([process.execPath, script], {
        env: { ...env, FILES: JSON.stringify(files), PATH: process.env.PATH ?? "" },
        stdout: "pipe",
        stderr: "pipe",
      }),
    );
    const outs = await Promise.all(
      procs.map(async (p) => ({ code: await p.exited, out: await new Response(p.stdout).text() })),
    );
    const target = join(dir, "cache", "weft", "native-race");
    for (const { code, out } of outs) {
      expect(code).toBe(0);
      expect(out.trim()).toBe(target);
    }
    expect(readdirSync(join(dir, "cache", "weft"))).toEqual(["native-race"]);
    expect(statSync(join(target, "a.node")).size).toBe(100_000);
  });
});
