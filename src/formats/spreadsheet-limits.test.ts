import { afterEach, describe, expect, test } from "bun:test";
import { SafetyLimitError } from "../shared/errors";
import {
  checkDeclaredSizes,
  checkInflatedSize,
  DEFAULT_SPREADSHEET_LIMITS,
  maxInflatedBytes,
  setSpreadsheetLimits,
} from "./spreadsheet-limits";

const MIB = 1024 * 1024;
const part = (name: string, compressedSize: number, uncompressedSize: number) => ({
  name,
  compressedSize,
  uncompressedSize,
});
afterEach(() => setSpreadsheetLimits(DEFAULT_SPREADSHEET_LIMITS));

describe("checkDeclaredSizes", () => {
  test("parts are summed, a repeated name included", () => {
    setSpreadsheetLimits({ maxSpreadsheetMb: 10, maxSpreadsheetRatio: 200 });
    const half = part("xl/worksheets/sheet1.xml", MIB, 6 * MIB);
    expect(() => checkDeclaredSizes("a.xlsx", [half])).not.toThrow();
    expect(() => checkDeclaredSizes("a.xlsx", [half, half])).toThrow("would inflate to 12.0 MiB");
  });

  test("a ratio over the limit is refused for a part of 1 MiB or more only", () => {
    const small = part("xl/styles.xml", 100, 900 * 1024); // 9,000 times, but small
    expect(() => checkDeclaredSizes("a.xlsx", [small])).not.toThrow();
    let error: unknown;
    try {
      checkDeclaredSizes("a.xlsx", [part("xl/worksheets/sheet1.xml", 10 * 1024, 4 * MIB)]);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SafetyLimitError);
    expect((error as SafetyLimitError).status).toBe(422);
    expect((error as SafetyLimitError).message).toContain("would inflate 410 times (10.0 KiB to 4.0 MiB)");
    expect((error as SafetyLimitError).message).toContain("MAX_SPREADSHEET_RATIO (--max-spreadsheet-ratio)");
  });
});

test("checkInflatedSize and maxInflatedBytes follow the setting", () => {
  setSpreadsheetLimits({ maxSpreadsheetMb: 2, maxSpreadsheetRatio: 200 });
  expect(maxInflatedBytes()).toBe(2 * MIB);
  expect(() => checkInflatedSize("b.xls", 2 * MIB)).not.toThrow();
  expect(() => checkInflatedSize("b.xls", 2 * MIB + 1)).toThrow("more than the 2 MiB MAX_SPREADSHEET_MB");
});
