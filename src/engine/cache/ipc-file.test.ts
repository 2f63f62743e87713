import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { checkIpcFile } from "./ipc-file";

let dir: string;
let valid: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "weft-ipc-"));
  const path = join(dir, "written.arrow");
  await pl
    .DataFrame({ id: [1, 2, null], name: ["a", null, "ü"] })
    .lazy()
    .sinkIpc(path)
    .collect();
  valid = readFileSync(path);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes bytes to a fresh file and checks it. */
function checkBytes(bytes: Uint8Array, name = "x.arrow") {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return checkIpcFile(path);
}

/** The valid file with its int32 footer length replaced. */
function withFooterLength(length: number): Buffer {
  const copy = Buffer.from(valid);
  copy.writeInt32LE(length, copy.length - 10);
  return copy;
}

describe("checkIpcFile", () => {
  test("a file written by nodejs-polars is valid, with its size", () => {
    expect(checkBytes(valid)).toEqual({ state: "valid", size: valid.length });
  });

  test.skipIf(!HAS_REAL_FIXTURES)(`IPC files written by Arrow C++ and R are valid${SKIP_NOTE}`, () => {
    for (const name of ["generated_primitive.arrow", "generated_nested.arrow", "generated_zstd.arrow"]) {
      expect(checkIpcFile(realFixture("arrow", name)).state).toBe("valid");
    }
    expect(checkIpcFile(realFixture("arrow", "data-arrow_2.0.0_zstd.feather")).state).toBe("valid");
  });

  test("every truncation of a valid file is invalid", () => {
    for (let length = 0; length < valid.length; length++) {
      const found = checkBytes(valid.subarray(0, length));
      expect({ length, state: found.state }).toEqual({ length, state: "invalid" });
    }
  });

  test("a missing file is missing, not invalid", () => {
    expect(checkIpcFile(join(dir, "nope.arrow"))).toEqual({ state: "missing" });
    expect(checkIpcFile(join(dir, "no-folder", "nope.arrow"))).toEqual({ state: "missing" });
  });

  test("garbage, a wrong head and a trailing extra byte are invalid", () => {
    expect(checkBytes(Buffer.alloc(4096, 0x5a)).state).toBe("invalid");
    const wrongHead = Buffer.from(valid);
    wrongHead.write("PAR1", 0, "ascii");
    expect(checkBytes(wrongHead)).toEqual({ state: "invalid", reason: "no ARROW1 magic at the start" });
    const noPadding = Buffer.from(valid);
    noPadding[6] = 1;
    expect(checkBytes(noPadding).state).toBe("invalid");
    expect(checkBytes(Buffer.concat([valid, Buffer.from([0])])).state).toBe("invalid");
  });

  test("an IPC stream (no file footer) is invalid", () => {
    const stream = pl.DataFrame({ a: [1, 2] }).writeIPCStream();
    expect(checkBytes(stream).state).toBe("invalid");
  });

  test("footer lengths out of range are invalid; the largest that fits is accepted", () => {
    const room = valid.length - 18;
    expect(checkBytes(withFooterLength(0)).state).toBe("invalid");
    expect(checkBytes(withFooterLength(-5)).state).toBe("invalid");
    expect(checkBytes(withFooterLength(room + 1))).toEqual({
      state: "invalid",
      reason: `footer length ${room + 1} out of range (room for ${room} bytes)`,
    });
    expect(checkBytes(withFooterLength(room)).state).toBe("valid");
  });

  test("a folder named like an entry is invalid", () => {
    const folder = join(dir, "folder.arrow");
    mkdirSync(folder);
    expect(checkIpcFile(folder)).toEqual({ state: "invalid", reason: "not a regular file" });
  });
});
