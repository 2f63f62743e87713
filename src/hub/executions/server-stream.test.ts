import { expect, test } from "bun:test";
import { readRunLines, StreamContractError } from "./server-stream";

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
  });

const collect = async (body: ReadableStream<Uint8Array>) => {
  const lines: unknown[] = [];
  for await (const line of readRunLines(body)) lines.push(line);
  return lines;
};

test("lines split anywhere across chunks are read whole; fields the Hub does not use are kept", async () => {
  const lines = await collect(
    streamOf(
      '{"event":"tool","tool_id":"in","status":"runn',
      'ing"}\n{"event":"written","tool_id":"out","path":"/x.csv","rows":2}\n\n',
      '{"event":"result","status":"success","workflow_id":"w","outputs":{},"metrics":{"tools":[]},"written":[],"new":1}',
    ),
  );
  expect(lines).toEqual([
    { event: "tool", tool_id: "in", status: "running" },
    { event: "written", tool_id: "out", path: "/x.csv", rows: 2 },
    { event: "result", status: "success", workflow_id: "w", outputs: {}, metrics: { tools: [] }, written: [], new: 1 },
  ]);
});

test("a line that is not JSON, or not one of the contract's, is refused with what came", async () => {
  await expect(collect(streamOf("not json\n"))).rejects.toThrow(StreamContractError);
  await expect(collect(streamOf('{"event":"tool","tool_id":"a","status":"weird"}\n'))).rejects.toThrow(
    /unknown line: \{"event":"tool"/,
  );
});

test("a line over the bound is refused before the Hub buffers more of it", async () => {
  await expect(
    (async () => {
      for await (const _ of readRunLines(streamOf("x".repeat(100), "y".repeat(100)), 150)) {
        // nothing: the bound is passed before any line ends
      }
    })(),
  ).rejects.toThrow("over the Hub's bound");
});
