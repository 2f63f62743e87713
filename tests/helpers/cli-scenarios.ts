import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runToEnd, startProcess } from "./process";

/** Startup refusals: exit status 2 and one line naming the setting. */
export const CLI_REFUSALS: [string, string[], Record<string, string>, string][] = [
  ["static without API_KEY", [], { AUTH_MODE: "static" }, "AUTH_MODE=static needs API_KEY (--api-key)"],
  ["hub auth without HUB_URL", ["--auth-mode", "hub"], {}, "AUTH_MODE=hub needs HUB_URL (--hub-url)"],
  [
    "contradicting file access",
    ["--restrict-file-access", "--file-access-mode=open"],
    {},
    "RESTRICT_FILE_ACCESS=true contradicts FILE_ACCESS_MODE=open",
  ],
  ["file access hub without auth hub", [], { FILE_ACCESS_MODE: "hub" }, "FILE_ACCESS_MODE=hub needs AUTH_MODE=hub"],
  ["bad port", ["--port", "eighty"], {}, "PORT (--port): expected a whole number"],
  ["unknown option", ["--colour"], {}, "unknown option --colour"],
  ["unknown mode", ["serve"], {}, 'unknown mode "serve"'],
  [
    "unwritable data dir",
    ["--data-dir", "/dev/null/weft"],
    {},
    "WEFT_DATA_DIR (--data-dir): cannot use /dev/null/weft",
  ],
];

/**
 * The scenarios every way of running Weft must pass: `bun src/main.ts` and the single
 * executable. `cmd` is the command without arguments.
 */
export function cliScenarios(label: string, cmd: () => string[]) {
  describe(label, () => {
    const home = mkdtempSync(join(tmpdir(), "weft-home-"));
    const env = (extra: Record<string, string> = {}) => ({ HOME: home, WEFT_NO_BROWSER: "1", ...extra });
    afterAll(() => rmSync(home, { recursive: true, force: true }));

    test("--help lists the modes and settings; --version prints the version", async () => {
      const help = await runToEnd([...cmd(), "--help"], env());
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("Usage: weft [server|hub|all]");
      expect(help.stdout).toContain("--max-execution-time-seconds  [MAX_EXECUTION_TIME_SECONDS]");
      const version = await runToEnd([...cmd(), "--version"], env());
      expect(version.code).toBe(0);
      expect(version.stdout).toMatch(/^weft \d+\.\d+\.\d+\n$/);
    });

    test.each(CLI_REFUSALS)("refuses to start: %s (exit 2, one line)", async (_name, args, extra, message) => {
      const r = await runToEnd([...cmd(), "--port", "0", ...args], env(extra));
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr.startsWith("weft: ")).toBe(true);
    });

    test("server: prints the tokened URL, serves the API, and stops on SIGTERM", async () => {
      const p = await startProcess([...cmd(), "--port", "0"], env());
      expect(p.openUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
      const health = await fetch(`${p.origin}/api/health/`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { status: string }).status).toBe("ok");
      expect((await fetch(`${p.origin}/api/info`)).status).toBe(401);
      const info = await fetch(`${p.origin}/api/info`, { headers: { Authorization: `Bearer ${p.token}` } });
      expect(info.status).toBe(200);
      expect((await fetch(`${p.origin}/docs`)).status).toBe(200);
      expect(await p.stop()).toBe(0);
      expect(p.stderr()).toContain("SIGTERM, shutting down");
      // Idle, it stops at once: not after waiting out the grace for requests (a hang is the test's timeout).
      expect(p.stderr()).not.toContain("outlived the stop grace period");
    });

    test("the warnings of AUTH_MODE=disabled and FILE_ACCESS_MODE=open are logged", async () => {
      const p = await startProcess(
        [...cmd(), "--port", "0", "--auth-mode", "disabled", "--file-access-mode", "open"],
        env(),
      );
      await p.stop();
      expect(p.stderr()).toContain('"level":"warn","msg":"AUTH_MODE=disabled');
      expect(p.stderr()).toContain('"level":"warn","msg":"FILE_ACCESS_MODE=open');
    });

    test("hub: migrates its SQLite database and answers /api/v1/health", async () => {
      const data = mkdtempSync(join(tmpdir(), "weft-hubdata-"));
      const p = await startProcess([...cmd(), "hub", "--port", "0", "--data-dir", data], env());
      const res = await fetch(`${p.origin}/api/v1/health`);
      expect(await res.json()).toMatchObject({ status: "ok", database: { dialect: "sqlite", ok: true } });
      expect((await fetch(`${p.origin}/api/health/`)).status).toBe(404);
      expect(await p.stop()).toBe(0);
      expect(existsSync(join(data, "hub.db"))).toBe(true);
      // A second start finds the migrations applied.
      const again = await startProcess([...cmd(), "hub", "--port", "0", "--data-dir", data], env());
      expect((await fetch(`${again.origin}/api/v1/health`)).status).toBe(200);
      expect(await again.stop()).toBe(0);
      rmSync(data, { recursive: true, force: true });
    });

    test("hub: a database migrated by a newer Weft refuses to start (exit 1, one line)", async () => {
      const data = mkdtempSync(join(tmpdir(), "weft-hubdata-"));
      const p = await startProcess([...cmd(), "hub", "--port", "0", "--data-dir", data], env());
      expect(await p.stop()).toBe(0);
      const db = new Database(join(data, "hub.db"));
      db.run("INSERT INTO __weft_migrations (hash, created_at) VALUES ('from-the-future', ?)", [
        Date.parse("2099-01-01T00:00:00Z"),
      ]);
      db.close();
      const r = await runToEnd([...cmd(), "hub", "--port", "0", "--data-dir", data], env());
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toStartWith("weft: the Hub database was migrated by a newer Weft");
      rmSync(data, { recursive: true, force: true });
    });

    test("all: both surfaces on one port, both in /openapi.json", async () => {
      const p = await startProcess([...cmd(), "all", "--port", "0"], env());
      expect((await fetch(`${p.origin}/api/health/`)).status).toBe(200);
      expect((await fetch(`${p.origin}/api/v1/health`)).status).toBe(200);
      const doc = (await (await fetch(`${p.origin}/openapi.json`)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/health/", "/api/v1/health"]));
      expect(await p.stop()).toBe(0);
    });

    test("STATIC_FILES_PATH replaces the web UI", async () => {
      const site = mkdtempSync(join(tmpdir(), "weft-site-"));
      mkdirSync(join(site, "assets"));
      writeFileSync(join(site, "index.html"), "<p>site from STATIC_FILES_PATH</p>");
      const p = await startProcess([...cmd(), "--port", "0"], env({ STATIC_FILES_PATH: site }));
      expect(await (await fetch(`${p.origin}/`)).text()).toContain("site from STATIC_FILES_PATH");
      expect(await (await fetch(`${p.origin}/some/route`)).text()).toContain("site from STATIC_FILES_PATH");
      await p.stop();
      rmSync(site, { recursive: true, force: true });
    });

    test("a port in use: exit 1 with a clear line", async () => {
      const holder = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("busy") });
      const port = holder.port;
      const r = await runToEnd([...cmd(), "--port", String(port)], env());
      holder.stop(true);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`weft: port ${port} on 127.0.0.1 is in use`);
    });
  });
}
