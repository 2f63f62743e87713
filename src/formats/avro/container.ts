import { PositionalFile } from "../positional-file";
import { AvroCursor, CorruptAvroError, EndOfDataError } from "./binary";
import { isReadCodec, READ_CODECS } from "./codecs";
import { decodeUtf8 } from "./value-text";

/** "Obj" and version 1: the first bytes of every Avro object container file. */
export const AVRO_MAGIC = Uint8Array.from([0x4f, 0x62, 0x6a, 0x01]);
export const SYNC_SIZE = 16;

/** The header of an object container file. */
export interface AvroHeader {
  /** The writer's schema (the JSON-parsed `avro.schema` metadata). */
  schema: unknown;
  /** The `avro.codec` metadata ("null" when absent). */
  codec: string;
  /** Every metadata entry, in file order. */
  metadata: Map<string, Uint8Array>;
  sync: Uint8Array;
  /** Where the first block starts. */
  dataStart: number;
}

/** One data block: `count` records in `size` bytes of (compressed) data starting at `dataStart`. */
export interface AvroBlock {
  index: number;
  count: number;
  dataStart: number;
  size: number;
  /** The block's bytes, when they were asked for. */
  data?: Uint8Array;
}

/** A file opened for positional reads (blocks are read one at a time, never the whole file). */
export class AvroFile extends PositionalFile {}

/**
 * Reads and checks the header: magic, metadata (a map of bytes), sync marker. The header is
 * read in growing chunks, so a large schema costs one more read, a small file one read.
 */
export function readHeader(file: AvroFile): AvroHeader {
  let length = 64 * 1024;
  for (;;) {
    const bytes = file.readUpTo(0, length);
    try {
      return parseHeader(new AvroCursor(bytes, "the header"));
    } catch (error) {
      // Running out of bytes before the end of the file asks for a longer read.
      if (!(error instanceof EndOfDataError)) throw error;
      if (bytes.length >= file.size) {
        throw new CorruptAvroError("the file ends inside the header (truncated?)", { cause: error });
      }
      length *= 4;
    }
  }
}

function parseHeader(cursor: AvroCursor): AvroHeader {
  if (cursor.bytes.length < AVRO_MAGIC.length || !startsWithMagic(cursor.bytes)) {
    throw new CorruptAvroError("it is not an Avro object container file (no Obj\\x01 magic bytes)");
  }
  cursor.pos = AVRO_MAGIC.length;
  const metadata = new Map<string, Uint8Array>();
  for (;;) {
    let n = cursor.long();
    if (n === 0) break;
    if (typeof n !== "number") cursor.fail(`a metadata block of ${n} entries is too large`);
    if (n < 0) {
      n = -n;
      cursor.count("a block size", cursor.remaining);
    }
    for (let i = 0; i < n; i++) {
      const key = decodeUtf8(cursor.lengthPrefixed(), cursor);
      metadata.set(key, cursor.lengthPrefixed());
    }
  }
  const sync = cursor.take(SYNC_SIZE);
  const schemaBytes = metadata.get("avro.schema");
  if (!schemaBytes) throw new CorruptAvroError("the header has no avro.schema");
  let schema: unknown;
  try {
    schema = JSON.parse(decodeUtf8(schemaBytes, cursor));
  } catch (error) {
    if (error instanceof CorruptAvroError) throw error;
    throw new CorruptAvroError(`the avro.schema is not JSON (${(error as Error).message})`, { cause: error });
  }
  const codecBytes = metadata.get("avro.codec");
  const codec = codecBytes ? decodeUtf8(codecBytes, cursor) : "null";
  if (!isReadCodec(codec)) {
    throw new CorruptAvroError(`codec "${codec}" is not supported (supported: ${READ_CODECS.join(", ")})`);
  }
  return { schema, codec, metadata, sync: sync.slice(), dataStart: cursor.pos };
}

export function startsWithMagic(bytes: Uint8Array): boolean {
  return AVRO_MAGIC.every((b, i) => bytes[i] === b);
}

/** A block header is two varints: at most 20 bytes. */
const BLOCK_HEADER_MAX = 20;

/**
 * The blocks of the file in order, each checked to end inside the file and to be followed
 * by the header's sync marker (so a truncated or corrupted file fails here). With
 * `withData`, each block's bytes are read (one positional read per block); without, only
 * the block headers and sync markers are read.
 */
export function* readBlocks(file: AvroFile, header: AvroHeader, withData: boolean): Generator<AvroBlock> {
  let position = header.dataStart;
  for (let index = 1; position < file.size; index++) {
    const what = `block ${index} (at byte ${position})`;
    const head = new AvroCursor(file.readUpTo(position, BLOCK_HEADER_MAX), what);
    const [count, size] = blockHeader(head);
    const dataStart = position + head.pos;
    const end = dataStart + size + SYNC_SIZE;
    if (end > file.size) {
      throw new CorruptAvroError(
        `${what}: its ${size} bytes and sync marker run past the end of the file (truncated?)`,
      );
    }
    const bytes = withData ? file.readUpTo(dataStart, size + SYNC_SIZE) : file.readUpTo(dataStart + size, SYNC_SIZE);
    const sync = bytes.subarray(bytes.length - SYNC_SIZE);
    if (!sync.every((b, i) => b === header.sync[i])) {
      throw new CorruptAvroError(
        `${what}: the sync marker after it does not match the header's (corrupt or truncated)`,
      );
    }
    const block: AvroBlock = { index, count, dataStart, size };
    if (withData) block.data = bytes.subarray(0, size);
    yield block;
    position = end;
  }
}

function blockHeader(head: AvroCursor): [number, number] {
  try {
    return [
      head.count("the record count", Number.MAX_SAFE_INTEGER),
      head.count("the byte size", Number.MAX_SAFE_INTEGER),
    ];
  } catch (error) {
    if (!(error instanceof EndOfDataError)) throw error;
    throw new CorruptAvroError(`${head.what}: the file ends inside the block header (truncated?)`, { cause: error });
  }
}
