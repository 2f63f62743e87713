import { describe, expect, test } from "bun:test";
import { recordText } from "./record-words";

describe("a run's record in words", () => {
  test("what the Server said of each tool", () => {
    expect(recordText({ event: "tool", tool_id: "in", status: "running" })).toBe("Started");
    expect(recordText({ event: "tool", status: "success", duration_ms: 2.06, cache: "off", rows: 3 })).toBe(
      "Done in 2 ms, 3 rows",
    );
    expect(recordText({ event: "tool", status: "success", duration_ms: 1500, cache: "hit", rows: 1200 })).toBe(
      "Done in 1.5 s, from the cache, 1,200 rows",
    );
    expect(recordText({ event: "tool", status: "error" })).toBe("Failed");
    expect(recordText({ event: "written", tool_id: "out", path: "/data/out.csv", rows: 3 })).toBe(
      "Wrote /data/out.csv (3 rows)",
    );
    expect(recordText({ event: "rows", rows: 3, sockets: { true: 2, false: 1 } })).toBe(
      "Rows out: true: 2 rows, false: 1 row",
    );
  });

  test("an artifact over the bound, and anything else as recorded", () => {
    expect(recordText({ artifact_not_stored: "previews.json", size: 900, max_bytes: 500, reason: "x" })).toBe(
      "Not stored: previews.json (900 bytes, over the bound of 500)",
    );
    expect(recordText({ other: 1 })).toBe('{"other":1}');
    expect(recordText(null)).toBe("null");
  });
});
