import type { ExecuteResult, RunEvent } from "../engine/job";
import type { RunErrorLine, RunStreamLine } from "./schemas/run-stream";

export type { RunErrorLine, RunStreamLine } from "./schemas/run-stream";

/** The media type of a streamed full run: one JSON object per line. */
export const NDJSON = "application/x-ndjson";

/** Whether the request's Accept header asks for the NDJSON stream (listed, and not with q=0). */
export function wantsNdjson(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(",").some((range) => {
    const [type = "", ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    return type === NDJSON && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/**
 * Answers a run as an NDJSON stream: each progress event as it comes, then `result` or
 * `error`. The answer starts with the run's first event, so a run refused before it does
 * anything (an invalid workflow: 400, a missing file: 404) keeps its normal status and
 * `{detail}` body: the rejection is thrown to the API's error handler. A client that goes
 * away only stops the writing; the run goes on to its end (as a JSON request's does), so
 * its outputs and its archive entry are complete.
 */
export async function streamRun(
  run: (onEvent: (event: RunEvent) => void) => Promise<ExecuteResult>,
  errorLine: (err: unknown) => RunErrorLine,
): Promise<Response> {
  const encoder = new TextEncoder();
  const early: Uint8Array[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let gone = false;
  let firstEvent: () => void = () => {};
  const started = new Promise<"event">((resolve) => {
    firstEvent = () => resolve("event");
  });
  const write = (line: RunStreamLine) => {
    if (gone) return;
    const bytes = encoder.encode(`${JSON.stringify(line)}\n`);
    if (!controller) {
      early.push(bytes);
      return;
    }
    try {
      controller.enqueue(bytes);
    } catch {
      // The stream was closed under us (the client left): nothing more to write.
      gone = true;
    }
  };
  const running = run((event) => {
    write(event);
    firstEvent();
  });
  const first = await Promise.race([
    started,
    running.then(
      () => "done" as const,
      () => "failed" as const,
    ),
  ]);
  if (first === "failed") await running;

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const bytes of early.splice(0)) c.enqueue(bytes);
      running
        .then(
          (result) => write({ event: "result", ...result }),
          (err: unknown) => write(errorLine(err)),
        )
        .finally(() => {
          if (gone) return;
          gone = true;
          c.close();
        });
    },
    cancel() {
      gone = true;
    },
  });
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": `${NDJSON}; charset=utf-8`, "Cache-Control": "no-store" },
  });
}
