/**
 * Start-up of the single executable: time from spawn to the first healthy answer, on the
 * first run (empty HOME: the native addons are extracted) and warm (extracted already),
 * with the RSS at that moment. The baseline, measured in the same run, is a bare Bun
 * server answering its first request: the ratio is what Weft adds to the floor.
 *
 *   npm run build && npm run bench:startup [-- path/to/weft] [--runs 10]
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt === -1 ? 10 : Number(args[runsAt + 1]);
const binary = resolve(args.find((a) => !a.startsWith("--") && a !== args[runsAt + 1]) ?? "dist/weft");
const work = mkdtempSync(join(tmpdir(), "weft-bench-"));

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** Spawns `cmd`, polls `url` every 2 ms, answers ms to the first 200 and the RSS then. */
async function timeToHealthy(cmd: string[], url: string, env: Record<string, string>) {
  const started = performance.now();
  const proc = Bun.spawn(cmd, { env: { PATH: process.env.PATH ?? "", ...env }, stdout: "ignore", stderr: "ignore" });
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (proc.exitCode !== null) throw new Error(`${cmd.join(" ")} exited with ${proc.exitCode}`);
    await Bun.sleep(2);
  }
  const ms = performance.now() - started;
  const rss = rssMiB(proc.pid);
  proc.kill("SIGTERM");
  await proc.exited;
  return { ms, rss };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

let port = 41000 + Math.floor(Math.random() * 1000);
const baselineScript = join(work, "baseline.ts");
writeFileSync(
  baselineScript,
  `Bun.serve({ hostname: "127.0.0.1", port: Number(process.env.PORT), fetch: () => Response.json({ status: "ok" }) });`,
);

const rows: { name: string; ms: number[]; rss: number[] }[] = [
  { name: "baseline: bare Bun.serve", ms: [], rss: [] },
  { name: "weft, first run (extracts addons)", ms: [], rss: [] },
  { name: "weft, warm", ms: [], rss: [] },
];
const warmHome = mkdtempSync(join(work, "warm-"));
await timeToHealthy([binary, "--port", String(++port)], `http://127.0.0.1:${port}/api/health/`, { HOME: warmHome });

for (let i = 0; i < runs; i++) {
  // Interleaved, so drift of the machine affects all three alike.
  const b = await timeToHealthy([process.execPath, baselineScript], `http://127.0.0.1:${++port}/`, {
    PORT: String(port),
  });
  rows[0]?.ms.push(b.ms);
  rows[0]?.rss.push(b.rss);
  const home = mkdtempSync(join(work, "first-"));
  const f = await timeToHealthy([binary, "--port", String(++port)], `http://127.0.0.1:${port}/api/health/`, {
    HOME: home,
  });
  rows[1]?.ms.push(f.ms);
  rows[1]?.rss.push(f.rss);
  rmSync(home, { recursive: true, force: true });
  const w = await timeToHealthy([binary, "--port", String(++port)], `http://127.0.0.1:${port}/api/health/`, {
    HOME: warmHome,
  });
  rows[2]?.ms.push(w.ms);
  rows[2]?.rss.push(w.rss);
}
rmSync(work, { recursive: true, force: true });

const base = median(rows[0]?.ms ?? []);
console.log(`binary: ${binary} (${(statSync(binary).size / 1024 / 1024).toFixed(1)} MiB), ${runs} runs each, medians`);
console.log("| start | to healthy (ms) | min–max (ms) | vs baseline | RSS at health (MiB) |");
console.log("|---|---|---|---|---|");
for (const r of rows) {
  const m = median(r.ms);
  console.log(
    `| ${r.name} | ${m.toFixed(0)} | ${Math.min(...r.ms).toFixed(0)}–${Math.max(...r.ms).toFixed(0)} | ${(m / base).toFixed(2)}x | ${median(r.rss).toFixed(0)} |`,
  );
}
