/**
 * Splits NDJSON bytes (one JSON value per line) into values as they arrive. A chunk may end
 * anywhere: inside a line, even inside a UTF-8 character; what is incomplete waits for the
 * next chunk. Blank lines are skipped.
 */
export class NdjsonDecoder {
  private readonly decoder = new TextDecoder();
  private rest = "";

  /** The values of the lines `chunk` completes. */
  push(chunk: Uint8Array): unknown[] {
    this.rest += this.decoder.decode(chunk, { stream: true });
    const lines = this.rest.split("\n");
    this.rest = lines.pop() ?? "";
    return lines.flatMap(parseLine);
  }

  /** At the end of the stream: the last line, when it had no newline (a cut-off line throws). */
  end(): unknown[] {
    const last = this.rest + this.decoder.decode();
    this.rest = "";
    return parseLine(last);
  }
}

function parseLine(line: string): unknown[] {
  const text = line.trim();
  if (text === "") return [];
  try {
    return [JSON.parse(text)];
  } catch {
    throw new Error(`The Server's answer has a broken line: ${text.slice(0, 80)}`);
  }
}
