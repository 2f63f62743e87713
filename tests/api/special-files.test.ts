import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSwapping } from "../helpers/name-swapper";
import { type ApiAnswer, callApi, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * FIFOs and devices inside the roots: every file route answers a 4xx at once (a FIFO with no
 * writer would hold a plain `open` forever, a device like /dev/zero never ends a read), and
 * the Server answers the next request. HANG is far beyond any answer: only a hang reaches it.
 */

const HANG_MS = 20_000;

/** The answer, or a failure naming the call when it does not come within HANG_MS. */
async function answered(call: Promise<ApiAnswer>, what: string): Promise<ApiAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([call, hang]);
  } finally {
    clearTimeout(timer);
  }
}

function mkfifo(path: string): string {
  const made = Bun.spawnSync(["mkfifo", path]);
  if (made.exitCode !== 0) throw new Error(`mkfifo ${path}: ${made.stderr.toString()}`);
  return path;
}

async function expectHealthy(t: TestApp): Promise<void> {
  expect((await answered(callApi(t, "GET", "/health/"), "health")).status).toBe(200);
}

describe("a FIFO inside the root, its writer never coming", () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await makeTestApp();
    folder = join(t.home, "pipes");
    mkdirSync(folder);
    mkfifo(join(folder, "pipe.weft.json"));
    mkfifo(join(folder, "pipe.csv"));
    writeFileSync(join(folder, "ok.csv"), "a\n1\n");
  });
  afterAll(() => t.close());

  const q = (p: string) => encodeURIComponent(p);
  const cases: [string, () => [string, string, unknown?]][] = [
    ["GET /files/workflow", () => ["GET", `/files/workflow?path=${q(join(folder, "pipe.weft.json"))}`]],
    [
      "PUT /files/workflow",
      () => [
        "PUT",
        "/files/workflow",
        { path: join(folder, "pipe.weft.json"), workflow: workflow("w", []), overwrite: true },
      ],
    ],
    ["GET /files/stat", () => ["GET", `/files/stat?path=${q(join(folder, "pipe.csv"))}`]],
    ["POST /datasource/inspect", () => ["POST", "/datasource/inspect", { source: join(folder, "pipe.csv") }]],
    ["POST /datasource/preview", () => ["POST", "/datasource/preview", { source: join(folder, "pipe.csv") }]],
    [
      "the Input tool",
      () => [
        "POST",
        "/workflow/execute",
        { workflow: workflow("w", [{ id: "in", type: "input", config: { source: join(folder, "pipe.csv") } }]) },
      ],
    ],
  ];
  for (const [what, request] of cases) {
    test(`${what}: a 4xx naming a special file, then the Server answers`, async () => {
      const [method, path, body] = request();
      const a = await answered(callApi(t, method, path, body), what);
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.status).toBeLessThan(500);
      expect(a.text).toMatch(/not a regular file/);
      await expectHealthy(t);
    }, 60_000);
  }

  test("a listing of its folder leaves the FIFOs out", async () => {
    const a = await answered(callApi(t, "GET", `/files/list?path=${q(folder)}`), "list");
    expect(a.status).toBe(200);
    expect(a.body.entries.map((e: { name: string }) => e.name)).toEqual(["ok.csv"]);
  });
});

describe("a name swapped between a file and a FIFO while it is read", () => {
  let t: TestApp;
  let swapper: ReturnType<typeof Bun.spawn>;
  const READS = 3000;
  beforeAll(async () => {
    t = await makeTestApp();
    writeFileSync(join(t.home, "file.weft.json"), JSON.stringify(workflow("inside", [])));
    mkfifo(join(t.home, "fifo.weft.json"));
    swapper = startSwapping(t.home, "swap.weft.json", ["file.weft.json", "fifo.weft.json"]);
  });
  afterAll(async () => {
    swapper.kill();
    await swapper.exited;
    await t.close();
  });

  test("every read answers (200, 400 or 404) and the file routes keep answering", async () => {
    const path = `/files/workflow?path=${encodeURIComponent(join(t.home, "swap.weft.json"))}`;
    const statuses = new Set<number>();
    // Four at a time, as many as Bun's file threads: a read stuck in `open` would hold them all.
    let started = 0;
    const lane = async () => {
      while (started < READS) {
        started += 1;
        statuses.add((await answered(callApi(t, "GET", path), `read ${started}`)).status);
      }
    };
    await Promise.all(Array.from({ length: 4 }, lane));
    expect([...statuses].filter((s) => ![200, 400, 404].includes(s))).toEqual([]);
    expect(statuses.has(400)).toBe(true); // the FIFO was met, not only the file
    const list = await answered(callApi(t, "GET", `/files/list?path=${encodeURIComponent(t.home)}`), "list");
    expect(list.status).toBe(200);
    await expectHealthy(t);
  }, 300_000);
});

describe("character devices", () => {
  test("/dev/zero through a link inside the root is outside the root (403)", async () => {
    const t = await makeTestApp();
    try {
      symlinkSync("/dev/zero", join(t.home, "zero.csv"));
      const a = await answered(callApi(t, "POST", "/datasource/preview", { source: join(t.home, "zero.csv") }), "zero");
      expect(a.status).toBe(403);
      await expectHealthy(t);
    } finally {
      await t.close();
    }
  });

  test("in open mode, /dev/zero itself is refused as not a regular file, not read", async () => {
    const t = await makeTestApp({ env: { FILE_ACCESS_MODE: "open" } });
    try {
      for (const [method, path, body] of [
        ["POST", "/datasource/preview", { source: "/dev/zero", source_type: "csv" }],
        ["POST", "/datasource/inspect", { source: "/dev/zero" }],
        ["GET", `/files/workflow?path=${encodeURIComponent("/dev/zero")}`, undefined],
      ] as const) {
        const a = await answered(callApi(t, method, path, body), path);
        expect(a.status).toBe(400);
        // The workflow route refuses the name first; either way nothing is read.
        expect(a.text).toMatch(/not a regular file|not a workflow file/);
      }
      await expectHealthy(t);
    } finally {
      await t.close();
    }
  });
});
