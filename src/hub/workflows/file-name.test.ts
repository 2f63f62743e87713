import { describe, expect, test } from "bun:test";
import { downloadDisposition, safeBaseName } from "./file-name";

describe("a download's file name", () => {
  test.each([
    ["Monthly sales", "Monthly sales"],
    ["../../etc/passwd", "_.._etc_passwd"],
    ['a\\b/c:d*e?f"g<h>i|j', "a_b_c_d_e_f_g_h_i_j"],
    ["tab\tand\nnewline", "tab_and_newline"],
    ["  ..hidden..  ", "hidden"],
    ["...", "workflow"],
    ["CON", "_CON"],
    ["lpt1", "_lpt1"],
    ["Ventes été 東京", "Ventes été 東京"],
    ["x".repeat(300), "x".repeat(100)],
  ])("%j → %j", (name, base) => {
    expect(safeBaseName(name)).toBe(base);
  });

  test("ASCII for old clients, the whole name in filename*", () => {
    expect(downloadDisposition("Ventes été")).toBe(
      `attachment; filename="Ventes _t_.weft.json"; filename*=UTF-8''Ventes%20%C3%A9t%C3%A9.weft.json`,
    );
    expect(downloadDisposition("it's (v2)!")).toBe(
      `attachment; filename="it's (v2)!.weft.json"; filename*=UTF-8''it%27s%20%28v2%29%21.weft.json`,
    );
  });
});
