import type { RunEvent, RunStreamLine } from "./api-types";
import { NdjsonDecoder } from "./ndjson";

type EndLine = Extract<RunStreamLine, { event: "result" | "error" }>;

/**
 * Reads a streamed run's lines (`/workflow/execute` as NDJSON) to their end: hands each
 * progress event to `onEvent` as it comes and answers the closing `result` or `error` line,
 * or undefined when the stream stopped before one (the connection was lost).
 */
export async function readRunStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: RunEvent) => void,
): Promise<EndLine | undefined> {
  const decoder = new NdjsonDecoder();
  let end: EndLine | undefined;
  const take = (values: unknown[]) => {
    for (const line of values as RunStreamLine[]) {
      if (line.event === "result" || line.event === "error") end = line;
      else onEvent(line);
    }
  };
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    take(decoder.push(value));
  }
  take(decoder.end());
  return end;
}
