import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { collect, tempFolder } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { seededRandom as random } from "../../../tests/helpers/seeded-random";
import { DataSourceError } from "../../shared/errors";
import { buildTestQvd, qvdBytes } from "./qvd-writer.fixture";
import { countQvdRows, scanQvd } from "./reader";

const tmp = tempFolder("qvd-damage");
afterAll(tmp.cleanup);

type Outcome = { rows: number } | { error: string };

/** Reads the file (the row count, then every row); only a DataSourceError naming it may stop that. */
function outcome(path: string): Outcome {
  try {
    countQvdRows(path, {});
    return { rows: collect(scanQvd(path, {})).height };
  } catch (error) {
    if (!(error instanceof DataSourceError)) throw error;
    expect(error.message).toContain(path);
    return { error: error.message };
  }
}

/** Cut points: the first bytes, around the end of the header, in the data, the last bytes, and evenly between. */
function cutPoints(bytes: Buffer): number[] {
  const tagEnd = bytes.indexOf("</QvdTableHeader>") + "</QvdTableHeader>".length;
  const points = [1, 2, 5, 40, tagEnd - 1, tagEnd, tagEnd + 1, tagEnd + 2, tagEnd + 3, tagEnd + 4, bytes.length - 1];
  for (let i = 1; i < 25; i++) points.push(Math.floor((bytes.length * i) / 25));
  return [...new Set(points)].filter((p) => p > 0 && p < bytes.length).sort((a, b) => a - b);
}

describe("a truncated hand-built QVD, cut at every byte", () => {
  test("fails with a DataSourceError naming the file, never anything else", () => {
    const bytes = qvdBytes(
      buildTestQvd({
        fields: [
          { name: "t", symbols: [{ text: "é" }, { text: "b" }], nullable: true },
          { name: "d", symbols: [{ double: 1.5, text: "1.5" }, { int: 2 }] },
        ],
        rows: [
          [0, 0],
          [null, 1],
          [1, 1],
        ],
      }),
    );
    for (let cut = 1; cut < bytes.length; cut++) {
      const path = tmp.file("cut.qvd", bytes.subarray(0, cut));
      expect({ cut, result: "error" in outcome(path) }).toEqual({ cut, result: true });
    }
  });
});

describe.skipIf(!HAS_REAL_FIXTURES)(`truncated and mutated real QVDs${SKIP_NOTE}`, () => {
  for (const file of ["AAPL.qvd", "small.qvd", "large.qvd", "damaged.qvd"]) {
    test(`${file} cut at many points fails cleanly`, () => {
      const bytes = readFileSync(realFixture("qvd", file));
      for (const cut of cutPoints(bytes)) {
        const path = tmp.file(`cut-${file}`, bytes.subarray(0, cut));
        expect({ cut, result: "error" in outcome(path) }).toEqual({ cut, result: true });
      }
    });
  }

  test("empty_qvd.qvd cut inside its header fails; cut after the closing tag it is still a valid empty table", () => {
    const bytes = readFileSync(realFixture("qvd", "empty_qvd.qvd"));
    const tagEnd = bytes.indexOf("</QvdTableHeader>") + "</QvdTableHeader>".length;
    for (const cut of cutPoints(bytes)) {
      const path = tmp.file("cut-empty.qvd", bytes.subarray(0, cut));
      expect({ cut, outcome: outcome(path) }).toEqual(
        cut >= tagEnd ? { cut, outcome: { rows: 0 } } : { cut, outcome: { error: expect.any(String) } },
      );
    }
  });

  test("a real header followed by random bytes fails cleanly", () => {
    const next = random(3);
    const bytes = readFileSync(realFixture("qvd", "small.qvd"));
    const dataStart = bytes.indexOf("</QvdTableHeader>") + "</QvdTableHeader>\r\n\0".length;
    for (let i = 0; i < 5; i++) {
      const body = Buffer.from(Array.from({ length: bytes.length - dataStart }, () => Math.floor(next() * 256)));
      const path = tmp.file("random-body.qvd", Buffer.concat([bytes.subarray(0, dataStart), body]));
      expect("error" in outcome(path)).toBe(true);
    }
  });

  test("small.qvd with random bytes overwritten reads or fails with a DataSourceError, never another error", () => {
    const next = random(11);
    const original = readFileSync(realFixture("qvd", "small.qvd"));
    const dataStart = original.indexOf("</QvdTableHeader>") + "</QvdTableHeader>\r\n\0".length;
    let errors = 0;
    for (let i = 0; i < 150; i++) {
      const bytes = Buffer.from(original);
      // Most mutations hit the data (symbols, index); some the header.
      const inHeader = i % 5 === 0;
      for (let k = 0; k < 1 + (i % 3); k++) {
        const at = inHeader
          ? Math.floor(next() * dataStart)
          : dataStart + Math.floor(next() * (bytes.length - dataStart));
        bytes[at] = Math.floor(next() * 256);
      }
      const path = tmp.file("mutated.qvd", bytes);
      if ("error" in outcome(path)) errors++;
    }
    expect(errors).toBeGreaterThan(0);
  });
});
