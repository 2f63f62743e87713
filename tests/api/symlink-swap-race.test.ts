import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSwapping } from "../helpers/name-swapper";
import { type ApiAnswer, callApi, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * A folder inside the root is swapped, over and over by another process, with a link to a
 * folder outside holding files of the same names. Whatever moment a read lands on, it reads
 * the inside file, or is refused (403), or finds nothing there (404): it never answers with
 * the outside file's contents, and never fails (500). Bounded by the number of reads.
 */

const SECRET = "OUTSIDE_SECRET_5521";
const READS = 300;
const CONCURRENCY = 4;

let t: TestApp;
let outside: string;
let swapper: ReturnType<typeof Bun.spawn>;

beforeAll(async () => {
  t = await makeTestApp();
  outside = mkdtempSync(join(tmpdir(), "weft-race-outside-"));
  writeFileSync(join(outside, "data.csv"), `name\n${SECRET}\n`);
  writeFileSync(join(outside, "flow.weft.json"), JSON.stringify(workflow(SECRET, [])));
  writeFileSync(join(outside, `${SECRET}.csv`), "x\n1\n");
  const real = join(t.home, "swap.dir");
  mkdirSync(real);
  writeFileSync(join(real, "data.csv"), "name\ninside\n");
  writeFileSync(join(real, "flow.weft.json"), JSON.stringify(workflow("inside", [])));
  symlinkSync(outside, join(t.home, "swap.lnk"));
  swapper = startSwapping(t.home, "swap", ["swap.dir", "swap.lnk"]);
});

afterAll(async () => {
  swapper.kill();
  await swapper.exited;
  await t.close();
  rmSync(outside, { recursive: true, force: true });
});

const swapped = "swap";

/**
 * The most reads one test makes while waiting for the race to be seen: a bound, not a timer.
 * 300 reads take ~30 ms, and on a busy machine the swapper may not run at all in that time
 * (a CI run saw only 403 and 404), so a test reads on until it has seen both a read that
 * landed inside (200) and one that was refused, or this many reads.
 */
const MAX_READS = 30_000;

/** True once the answers show the race was run: a read inside the folder and a refused one. */
const raceSeen = (answers: ApiAnswer[]) =>
  answers.some((a) => a.status === 200) && answers.some((a) => a.status === 403 || a.status === 404);

/**
 * Runs `read` `count` times, CONCURRENCY at once, then on (up to MAX_READS) until `until`
 * holds, and answers every answer.
 */
async function hammer(
  read: () => Promise<ApiAnswer>,
  count = READS,
  until: (answers: ApiAnswer[]) => boolean = () => true,
): Promise<ApiAnswer[]> {
  const answers: ApiAnswer[] = [];
  let started = 0;
  const more = () => started < count || (started < MAX_READS && !until(answers));
  const lane = async () => {
    while (more()) {
      started += 1;
      answers.push(await read());
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return answers;
}

function expectNoLeak(answers: ApiAnswer[]): void {
  const leaks = answers.filter((a) => a.text.includes(SECRET));
  const statuses = [...new Set(answers.map((a) => a.status))].sort();
  const failures = answers.filter((a) => ![200, 403, 404].includes(a.status)).map((a) => `${a.status} ${a.text}`);
  expect({ leaks: leaks.length, failures: failures.slice(0, 3) }).toEqual({ leaks: 0, failures: [] });
  expect(statuses.every((s) => [200, 403, 404].includes(s))).toBe(true);
  expect(answers.length).toBeGreaterThanOrEqual(READS);
  // Some reads landed while the folder was in place: the race was run, not just refused.
  expect(statuses).toContain(200);
}

test("data-source previews of a swapped folder never read the outside file", async () => {
  const path = join(t.home, swapped, "data.csv");
  const answers = await hammer(() => callApi(t, "POST", "/datasource/preview", { source: path }), READS, raceSeen);
  expectNoLeak(answers);
}, 600_000);

test("workflow files of a swapped folder are never read from outside", async () => {
  const path = encodeURIComponent(join(t.home, swapped, "flow.weft.json"));
  const answers = await hammer(() => callApi(t, "GET", `/files/workflow?path=${path}`), READS, raceSeen);
  expectNoLeak(answers);
}, 600_000);

test("listings of a swapped folder never show the outside folder's names", async () => {
  const path = encodeURIComponent(join(t.home, swapped));
  const answers = await hammer(() => callApi(t, "GET", `/files/list?path=${path}`), READS, raceSeen);
  expectNoLeak(answers);
}, 600_000);

test("an Output into a swapped folder never writes outside", async () => {
  writeFileSync(join(t.home, "rows.csv"), "n\n1\n");
  const run = workflow(
    "w",
    [
      { id: "in", type: "input", config: { source: join(t.home, "rows.csv") } },
      { id: "out", type: "output", config: { path: join(t.home, swapped, "out.csv") } },
    ],
    ["in -> out"],
  );
  const written = (all: ApiAnswer[]) => all.some((a) => a.status === 200 && a.body.status === "success");
  const answers = await hammer(() => callApi(t, "POST", "/workflow/execute", { workflow: run }), 100, written);
  // A run that lost the race fails its Output (403 inside the run's result), never writes outside.
  expect(readdirSync(outside).sort()).toEqual([`${SECRET}.csv`, "data.csv", "flow.weft.json"].sort());
  expect(answers.filter((a) => a.status >= 500).map((a) => a.text)).toEqual([]);
  expect(written(answers)).toBe(true);
}, 600_000);

test("the Server answers after the race", async () => {
  expect((await callApi(t, "GET", "/health/")).status).toBe(200);
});
