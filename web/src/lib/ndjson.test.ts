import { describe, expect, test } from "bun:test";
import { NdjsonDecoder } from "./ndjson";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `text` cut at `cuts` (byte offsets), answering the values after each chunk and at the end. */
function feed(text: string, cuts: number[]): unknown[][] {
  const all = bytes(text);
  const decoder = new NdjsonDecoder();
  const out: unknown[][] = [];
  let from = 0;
  for (const cut of [...cuts, all.length]) {
    out.push(decoder.push(all.slice(from, cut)));
    from = cut;
  }
  out.push(decoder.end());
  return out;
}

describe("NdjsonDecoder", () => {
  test("whole lines in one chunk", () => {
    expect(feed('{"a":1}\n{"b":2}\n', [])).toEqual([[{ a: 1 }, { b: 2 }], []]);
  });

  test("a line split across chunks comes out once it is complete", () => {
    const text = '{"event":"tool","tool_id":"in"}\n{"event":"result"}\n';
    expect(feed(text, [5, 20, 33])).toEqual([[], [], [{ event: "tool", tool_id: "in" }], [{ event: "result" }], []]);
  });

  test("a UTF-8 character split between chunks", () => {
    const text = '{"path":"/data/süd/東.csv"}\n';
    const at = bytes('{"path":"/data/s').length + 1; // inside ü's two bytes
    const east = bytes('{"path":"/data/süd/').length + 1; // inside 東's three bytes
    expect(feed(text, [at, east])).toEqual([[], [], [{ path: "/data/süd/東.csv" }], []]);
  });

  test("a last line without its newline is read at the end; blank lines are skipped", () => {
    expect(feed('{"a":1}\n\n{"b":2}', [])).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    expect(feed('{"a":1}\r\n', [])).toEqual([[{ a: 1 }], []]);
  });

  test("a partial last line (the connection was cut) is an error, not a value", () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push(bytes('{"a":1}\n{"event":"res'))).toEqual([{ a: 1 }]);
    expect(() => decoder.end()).toThrow(/broken line: \{"event":"res/);
  });

  test("a line that is not JSON is an error naming it", () => {
    const decoder = new NdjsonDecoder();
    expect(() => decoder.push(bytes("<html>\n"))).toThrow(/broken line: <html>/);
  });
});
