import { expect, test } from "bun:test";
import { SseDecoder } from "./sse-decoder";

const bytes = (text: string) => new TextEncoder().encode(text);

test("events split across chunks come out whole, with id, type and JSON data; comments are skipped", () => {
  const decoder = new SseDecoder();
  expect(decoder.push(bytes(": connected\n\nid: 7\nevent: execution.updated\nda"))).toEqual([]);
  expect(decoder.push(bytes('ta: {"execution_id":"e1","status":"succeeded"}\n\n: heartbeat\n\n'))).toEqual([
    { id: 7, type: "execution.updated", data: { execution_id: "e1", status: "succeeded" } },
  ]);
  expect(decoder.push(bytes('event: stream.reset\ndata: {"reason":"missed_events"}\r\n\r\n'))).toEqual([
    { type: "stream.reset", data: { reason: "missed_events" } },
  ]);
});

test("an event without data, or with data that is not JSON, is left out", () => {
  const decoder = new SseDecoder();
  expect(decoder.push(bytes("event: x\n\nevent: y\ndata: not json\n\nid: 3\ndata: 1\n\n"))).toEqual([
    { id: 3, type: "message", data: 1 },
  ]);
});
