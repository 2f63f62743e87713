import { crc32, inflateRawSync } from "node:zlib";
import { decompress as zstdDecompress } from "fzstd";
import { uncompress as snappyUncompress } from "snappyjs";
import { CorruptAvroError } from "./binary";

/** The block codecs this reader decompresses (the `avro.codec` metadata; absent means "null"). */
export const READ_CODECS = ["null", "deflate", "snappy", "zstandard"] as const;

/** Whether the reader knows `codec`. */
export function isReadCodec(codec: string): boolean {
  return (READ_CODECS as readonly string[]).includes(codec);
}

/**
 * The decompressed body of one block. Avro's codecs: deflate is raw DEFLATE (no zlib
 * header); snappy is one snappy block followed by the big-endian CRC32 of the uncompressed
 * bytes, which is checked; zstandard is one zstd frame. `what` names the block in errors.
 */
export function decompressBlock(codec: string, body: Uint8Array, what: string): Uint8Array {
  switch (codec) {
    case "null":
      return body;
    case "deflate":
      return attempt(what, "deflate", () => inflateRawSync(body));
    case "snappy":
      return unsnappy(body, what);
    case "zstandard":
      return attempt(what, "zstandard", () => zstdDecompress(body));
    default:
      throw new CorruptAvroError(`codec "${codec}" is not supported (supported: ${READ_CODECS.join(", ")})`);
  }
}

function unsnappy(body: Uint8Array, what: string): Uint8Array {
  if (body.length < 4) throw new CorruptAvroError(`${what}: a snappy block needs at least its 4-byte checksum`);
  const compressed = body.subarray(0, body.length - 4);
  const expected = new DataView(body.buffer, body.byteOffset + body.length - 4, 4).getUint32(0, false);
  const data = attempt(what, "snappy", () => snappyUncompress(compressed));
  const actual = crc32(data);
  if (actual !== expected) {
    throw new CorruptAvroError(
      `${what}: the snappy checksum does not match (stored ${hex(expected)}, computed ${hex(actual)}): the data is corrupt`,
    );
  }
  return data;
}

/** Runs a third-party decompressor, turning its failure into a CorruptAvroError that keeps the cause. */
function attempt(what: string, codec: string, run: () => Uint8Array): Uint8Array {
  try {
    return run();
  } catch (error) {
    throw new CorruptAvroError(`${what}: the ${codec} data does not decompress (${(error as Error).message})`, {
      cause: error,
    });
  }
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, "0")}`;
}
