import { z } from "zod";

/**
 * The lines of a Server's streamed run (`POST /api/workflow/execute` with
 * `Accept: application/x-ndjson`, docs/decisions.md), as the Hub reads them. The Hub never
 * imports the Server's code: these are its own schemas of the same contract, lenient about
 * fields it does not use (a newer Server may add some) and strict about the ones it does.
 */
const ToolLine = z.looseObject({
  event: z.literal("tool"),
  tool_id: z.string(),
  status: z.enum(["running", "success", "error"]),
  duration_ms: z.number().optional(),
  cache: z.string().optional(),
  rows: z.number().int().optional(),
});

const WrittenLine = z.looseObject({
  event: z.literal("written"),
  tool_id: z.string(),
  path: z.string(),
  rows: z.number().int(),
});

const RowsLine = z.looseObject({
  event: z.literal("rows"),
  tool_id: z.string(),
  rows: z.number().int().optional(),
  sockets: z.record(z.string(), z.number().int()),
});

const ResultLine = z.looseObject({
  event: z.literal("result"),
  status: z.literal("success"),
  workflow_id: z.string(),
  outputs: z.record(z.string(), z.unknown()),
  metrics: z.looseObject({ tools: z.array(z.looseObject({ tool_id: z.string() })).optional() }),
  written: z.array(z.object({ tool_id: z.string(), path: z.string(), rows: z.number().int() })),
});

const ErrorLine = z.looseObject({
  event: z.literal("error"),
  status: z.number().int(),
  detail: z.string(),
  tool_id: z.string().optional(),
});

export const ServerRunLine = z.discriminatedUnion("event", [ToolLine, WrittenLine, RowsLine, ResultLine, ErrorLine]);
export type ServerRunLine = z.infer<typeof ServerRunLine>;
export type ServerRunResult = z.infer<typeof ResultLine>;

/** A line that is not one of the contract's (the Server is not the Weft the Hub expects). */
export class StreamContractError extends Error {}

/**
 * The lines of an NDJSON body, parsed, as they arrive. A line is at most `maxLineBytes`
 * (a result line holds the previews: the Hub bounds what it reads from a Server).
 */
export async function* readRunLines(
  body: ReadableStream<Uint8Array>,
  maxLineBytes = 64 * 1024 * 1024,
): AsyncGenerator<ServerRunLine> {
  const decoder = new TextDecoder();
  let pending = "";
  const parse = (text: string): ServerRunLine => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new StreamContractError(`The Server sent a line that is not JSON: ${text.slice(0, 200)}`);
    }
    const line = ServerRunLine.safeParse(json);
    if (!line.success) throw new StreamContractError(`The Server sent an unknown line: ${text.slice(0, 200)}`);
    return line.data;
  };
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let end = pending.indexOf("\n");
    while (end >= 0) {
      const text = pending.slice(0, end).trim();
      pending = pending.slice(end + 1);
      if (text) yield parse(text);
      end = pending.indexOf("\n");
    }
    if (pending.length > maxLineBytes) throw new StreamContractError("The Server sent a line over the Hub's bound");
  }
  const rest = (pending + decoder.decode()).trim();
  if (rest) yield parse(rest);
}
