/** One server-sent event: its id (when it had one), type and JSON data. */
export interface SseEvent {
  id?: number;
  type: string;
  data: unknown;
}

/**
 * Splits a text/event-stream into events as bytes arrive (a chunk may end anywhere). Comment
 * lines (`: heartbeat`) are skipped; an event whose data is not JSON is left out, since every
 * event the Hub sends is JSON.
 */
export class SseDecoder {
  private readonly decoder = new TextDecoder();
  private rest = "";

  push(chunk: Uint8Array): SseEvent[] {
    this.rest += this.decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
    const blocks = this.rest.split("\n\n");
    this.rest = blocks.pop() ?? "";
    return blocks.flatMap(parseBlock);
  }
}

function parseBlock(block: string): SseEvent[] {
  let id: number | undefined;
  let type = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id" && /^\d+$/.test(value)) id = Number(value);
    else if (field === "event") type = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return [];
  try {
    return [{ ...(id === undefined ? {} : { id }), type, data: JSON.parse(data.join("\n")) }];
  } catch {
    return [];
  }
}
