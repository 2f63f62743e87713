/**
 * Test helper (not production code): builds Avro object container files whose records are
 * encoded by `avsc`, an encoder independent of the reader under test, with the container
 * framing (header, blocks, codecs, sync markers) laid out here so tests can also break it.
 */
import { crc32, deflateRawSync, inflateRawSync as inflate } from "node:zlib";
import avro from "avsc";
import { compress as snappyCompress, uncompress as snappyUncompress } from "snappyjs";

/** avsc's long as BigInt, so the int64 extremes are exact (avsc refuses them as numbers). */
const BIG_LONG = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer) => buf.readBigInt64LE(),
  toBuffer: (n: bigint) => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt(n));
    return buf;
  },
  fromJSON: (n: unknown) => BigInt(n as string),
  toJSON: (n: bigint) => Number(n),
  isValid: (n: unknown) => typeof n === "bigint",
  compare: (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1),
});

/**
 * An avsc type for `schema` with BigInt longs; logical types are not applied (values are
 * raw). With `wrapUnions`, every union value is written as {branchName: value}.
 */
export function avscType(schema: unknown, wrapUnions = false): avro.Type {
  return avro.Type.forSchema(schema as avro.Schema, {
    wrapUnions: wrapUnions ? "always" : "auto",
    typeHook: (s: unknown) => {
      const isLong = s === "long" || (typeof s === "object" && s !== null && (s as { type?: unknown }).type === "long");
      return isLong ? (BIG_LONG as unknown as avro.Type) : undefined;
    },
  });
}

export interface FileOptions {
  codec?: "null" | "deflate" | "snappy";
  /** Records per block (default: all in one block). */
  blockSize?: number;
  sync?: Uint8Array;
  /** Extra or replacing metadata entries (e.g. a made-up avro.codec). */
  metadata?: Record<string, string>;
  /** Union values are given wrapped ({branchName: value}); needed for unions of several types. */
  wrapUnions?: boolean;
}

/** The bytes of an Avro file holding `records` (encoded by avsc) under `schema`. */
export function avroFile(schema: unknown, records: unknown[], options: FileOptions = {}): Buffer {
  const type = avscType(schema, options.wrapUnions);
  const codec = options.codec ?? "null";
  const sync = options.sync ?? Uint8Array.from({ length: 16 }, (_, i) => (i * 37 + 11) & 0xff);
  const parts: Uint8Array[] = [avroHeader(schema, codec, sync, options.metadata)];
  const size = Math.max(1, options.blockSize ?? records.length);
  for (let start = 0; start < records.length; start += size) {
    const chunk = records.slice(start, start + size);
    const data = Buffer.concat(chunk.map((r) => type.toBuffer(r)));
    parts.push(avroBlock(chunk.length, compressBlock(codec, data), sync));
  }
  return Buffer.concat(parts);
}

/** The header: magic, metadata map (avro.schema, avro.codec), sync marker. */
export function avroHeader(
  schema: unknown,
  codec: string,
  sync: Uint8Array,
  extra: Record<string, string> = {},
): Buffer {
  const meta: Record<string, Buffer> = {
    "avro.schema": Buffer.from(JSON.stringify(schema)),
    "avro.codec": Buffer.from(codec),
  };
  for (const [key, value] of Object.entries(extra)) meta[key] = Buffer.from(value);
  const map = avro.Type.forSchema({ type: "map", values: "bytes" }).toBuffer(meta);
  return Buffer.concat([Buffer.from("Obj\x01", "latin1"), map, sync]);
}

/** One block: record count, byte size, the (compressed) bytes, the sync marker. */
export function avroBlock(count: number, data: Uint8Array, sync: Uint8Array): Buffer {
  const long = avro.Type.forSchema("long");
  return Buffer.concat([long.toBuffer(count), long.toBuffer(data.length), data, sync]);
}

/** A block body under a codec: raw deflate, or snappy followed by the big-endian CRC32 of the data. */
export function compressBlock(codec: string, data: Buffer): Buffer {
  if (codec === "deflate") return deflateRawSync(data);
  if (codec === "snappy") {
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(data));
    return Buffer.concat([Buffer.from(snappyCompress(new Uint8Array(data))), crc]);
  }
  return data;
}

/** Decodes an Avro file with avsc (BigInt longs, snappy CRC not checked): the independent reader of writer tests. */
export function avscRead(bytes: Buffer): Promise<{ schema: unknown; records: unknown[] }> {
  return new Promise((resolve, reject) => {
    let schema: unknown;
    const records: unknown[] = [];
    const decoder = new avro.streams.BlockDecoder({
      parseHook: (s: avro.Schema) => {
        schema = s;
        return avscType(s);
      },
      codecs: {
        null: (buf: Buffer, cb: (e: Error | null, b?: Buffer) => void) => cb(null, buf),
        deflate: (buf: Buffer, cb: (e: Error | null, b?: Buffer) => void) => cb(null, inflate(buf)),
        snappy: (buf: Buffer, cb: (e: Error | null, b?: Buffer) => void) =>
          cb(null, Buffer.from(snappyUncompress(new Uint8Array(buf.subarray(0, buf.length - 4))))),
      },
    } as never);
    decoder.on("data", (record: unknown) => records.push(record));
    decoder.on("end", () => resolve({ schema, records }));
    decoder.on("error", reject);
    decoder.end(bytes);
  });
}
