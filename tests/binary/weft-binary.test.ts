import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliScenarios } from "../helpers/cli-scenarios";
import { expectDocsServedOffline } from "../helpers/docs-pages";
import { runToEnd, type StartedProcess, startProcess } from "../helpers/process";
import { waitUntil } from "../helpers/wait";

// The single executable, built once for this file (the web UI must be built already:
// `npm test` runs build:web first). WEFT_BINARY names an already built one instead.
const root = join(import.meta.dir, "..", "..");
const work = mkdtempSync(join(tmpdir(), "weft-binary-"));
let binary = process.env.WEFT_BINARY ?? join(work, "weft");

beforeAll(async () => {
  if (process.env.WEFT_BINARY) return;
  const build = await runToEnd(
    [process.execPath, join(root, "scripts", "build.ts"), "--skip-web", "--outfile", binary],
    {
      HOME: process.env.HOME ?? "",
    },
  );
  if (build.code !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  binary = join(work, "weft");
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

cliScenarios("the single executable", () => [binary]);

describe("the single executable on a fresh machine", () => {
  test("starts from / with an empty HOME, extracts its addons, serves health, docs and the UI", async () => {
    const home = mkdtempSync(join(work, "home-"));
    const p = await startProcess([binary, "--port", "0"], { HOME: home, WEFT_NO_BROWSER: "1" }, { cwd: "/" });
    const health = (await (await fetch(`${p.origin}/api/health/`)).json()) as Record<string, unknown>;
    expect(health.status).toBe("ok");
    await expectDocsServedOffline((path) => fetch(`${p.origin}${path}`));
    const index = await (await fetch(`${p.origin}/`)).text();
    expect(index).toContain('<div id="root">');
    const script = index.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(`${p.origin}${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect(await p.stop()).toBe(0);
    const cache = join(home, ".cache", "weft");
    const [folder] = readdirSync(cache);
    expect(folder).toMatch(/^native-/);
    expect(readdirSync(join(cache, folder as string)).sort()).toEqual([
      ".complete",
      "duckdb.node",
      "libduckdb.so",
      "polars.node",
    ]);
  });

  test("runs a workflow in its engine processes, and stops them when it stops", async () => {
    const home = mkdtempSync(join(work, "home-"));
    const csv = join(home, "t.csv");
    await Bun.write(csv, "a,b\n1,x\n2,y\n3,z\n");
    const p = await startProcess(
      [binary, "--port", "0"],
      { HOME: home, WEFT_NO_BROWSER: "1", AUTH_MODE: "disabled" },
      { cwd: "/" },
    );
    const res = await fetch(`${p.origin}/api/workflow/tool/execute`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        tool_id: "s",
        workflow: {
          meta: { workflow_id: "w" },
          tools: [
            { id: "i", type: "input", config: { source: csv } },
            { id: "s", type: "sort", config: { by: [{ column: "a", descending: true }] } },
          ],
          wires: [{ source: "i", source_socket: "output", target: "s", target_socket: "input" }],
        },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { outputs: { output: { data: unknown[][] } } };
    expect(body.outputs.output.data).toEqual([
      [3, "z"],
      [2, "y"],
      [1, "x"],
    ]);
    const engines = Bun.spawnSync(["pgrep", "-P", String(p.proc.pid)])
      .stdout.toString()
      .trim()
      .split("\n")
      .filter(Boolean);
    expect(engines.length).toBe(2);
    expect(await p.stop()).toBe(0);
    const gone = (pid: string) => Bun.spawnSync(["kill", "-0", pid]).exitCode !== 0;
    await waitUntil(() => engines.every(gone), "the engines to leave with the binary");
  });

  test("writes and reads every writable format, and a Latin-1 CSV, with the readers it bundles", async () => {
    const home = mkdtempSync(join(work, "home-"));
    const csv = join(home, "t.csv");
    await Bun.write(csv, Buffer.from("name,n\nJos\xe9,1\nZ\xfcrich,2\n", "latin1"));
    const p = await startProcess(
      [binary, "--port", "0"],
      { HOME: home, WEFT_NO_BROWSER: "1", AUTH_MODE: "disabled" },
      { cwd: "/" },
    );
    try {
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${p.origin}/api/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      for (const extension of ["parquet", "arrow", "json", "avro", "xlsx"]) {
        const target = join(home, `out.${extension}`);
        const run = await post("workflow/execute", {
          workflow: {
            meta: { workflow_id: `w-${extension}` },
            tools: [
              { id: "i", type: "input", config: { source: csv, options: { encoding: "latin1" } } },
              { id: "o", type: "output", config: { path: target } },
            ],
            wires: [{ source: "i", source_socket: "output", target: "o", target_socket: "input" }],
          },
        });
        expect(run.status, JSON.stringify(run.body)).toBe(200);
        const back = await post("datasource/preview", { source: target });
        expect(back.status, JSON.stringify(back.body)).toBe(200);
        expect(back.body.data, extension).toEqual([
          ["José", 1],
          ["Zürich", 2],
        ]);
      }
    } finally {
      expect(await p.stop()).toBe(0);
    }
  }, 60_000);

  test("--check loads Polars and DuckDB from the executable", async () => {
    const r = await runToEnd([binary, "--check"], { HOME: mkdtempSync(join(work, "home-")) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok: polars [\d.]+ \(sum 6\), duckdb v[\d.]+ \(answer 42\)/);
  });

  test("eight copies started at once with one empty HOME all come up healthy", async () => {
    const home = mkdtempSync(join(work, "home-"));
    const started: StartedProcess[] = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        // Eight 100 MB executables loading at once on two busy cores may take a while each:
        // the bound only stops a hang (one start alone keeps the usual 15 s).
        startProcess(
          [binary, "--port", "0", "--data-dir", join(home, `data-${i}`)],
          { HOME: home, WEFT_NO_BROWSER: "1" },
          { timeoutMs: 90_000 },
        ),
      ),
    );
    for (const p of started) expect((await fetch(`${p.origin}/api/health/`)).status).toBe(200);
    const checks = await Promise.all(started.map(() => runToEnd([binary, "--check"], { HOME: home })));
    for (const c of checks) expect(c.code).toBe(0);
    for (const p of started) expect(await p.stop()).toBe(0);
    expect(readdirSync(join(home, ".cache", "weft")).filter((n) => n.startsWith("native-"))).toHaveLength(1);
  }, 180_000);

  test("a HOME that cannot be written: the addons go to a private temp folder", async () => {
    const tmp = mkdtempSync(join(work, "tmp-"));
    const r = await runToEnd([binary, "--check"], { HOME: "/proc/weft-nope", TMPDIR: tmp });
    expect(r.code).toBe(0);
    const uid = process.getuid?.() ?? 0;
    const folder = join(tmp, `weft-${uid}`);
    expect(existsSync(folder)).toBe(true);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });
});
