import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadPeers } from "./peers";

const dir = mkdtempSync(join(tmpdir(), "weft-bench-peers-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a missing module, a module that fails to load and a missing export are each unavailable, with the reason", async () => {
  writeFileSync(
    join(dir, "duckdb.ts"),
    "export const p1 = async () => ({ sample: { ms: 1 }, answer: { rows: 0, top: [] } });\nexport const p2 = 42;\n",
  );
  writeFileSync(join(dir, "pandas.ts"), 'throw new Error("no python here");\n');
  const peersFor = await loadPeers(dir);

  const p1 = peersFor("P1");
  expect(p1.map((p) => p.name)).toEqual(["duckdb", "pandas", "arquero"]);
  const duckdb = p1[0];
  expect(duckdb && "run" in duckdb && (await duckdb.run({} as never, dir)).sample.ms).toBe(1);
  expect(p1[1]).toEqual({ name: "pandas", unavailable: expect.stringContaining("failed to load: no python here") });
  expect(p1[2]).toEqual({ name: "arquero", unavailable: "scripts/bench/peers/arquero.ts is not there" });

  expect(peersFor("P2")[0]).toEqual({ name: "duckdb", unavailable: "scripts/bench/peers/duckdb.ts exports no p2" });
  expect(peersFor("P3")[0]).toEqual({ name: "duckdb", unavailable: "scripts/bench/peers/duckdb.ts exports no p3" });
});
