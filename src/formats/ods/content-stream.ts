import { SaxesParser } from "saxes";
import { DataSourceError } from "../../shared/errors";
import { readEntry, readEntryPrefix, streamEntry, type ZipArchive, type ZipEntry } from "./zip";

/** An opening tag: its prefixed name and attributes (no namespace resolution). */
export interface XmlTag {
  name: string;
  attributes: Record<string, string>;
}

/** What listens to the elements and text of content.xml. */
export interface ContentHandlers {
  open(tag: XmlTag): void;
  close(name: string): void;
  text(text: string): void;
  /** True once the listener has what it needs: the rest of the document is not read. */
  done(): boolean;
}

/** Characters handed to the XML parser at a time, so a listener that is done stops it soon. */
const SLICE = 64 * 1024;
/** Largest content.xml inflated whole (natively, fast); larger ones stream through fflate. */
const WHOLE_LIMIT = 512 * 1024 * 1024;
/** Bytes of an entry inflated whole that are decoded and parsed at a time. */
const WHOLE_SLICE = 1024 * 1024;
/** The manifest is read only to tell an encrypted package from a corrupt one; more is never needed. */
const MANIFEST_BYTES = 1024 * 1024;

/**
 * Streams content.xml of an ODS package through a SAX parser (no DOM: a sheet of a million
 * rows is never held as a tree): zip entry → inflate → UTF-8 → saxes, stopping as soon as
 * `handlers.done()`. With `mostly` false (a preview), fflate inflates 16 KiB at a time, so
 * a 100-row preview of a large sheet inflates little more than its first rows. With `mostly`
 * true (the caller expects to read most of the document) Node's native zlib inflates it
 * whole first, about 5x faster, unless it is larger than WHOLE_LIMIT. Answers whether the
 * whole document was read.
 * Element names are matched with the prefixes every ODS writer uses (`table:`, `text:`,
 * `office:`), without namespace resolution, which would cost time on every element.
 */
export function streamContent(zip: ZipArchive, entry: ZipEntry, handlers: ContentHandlers, mostly: boolean): boolean {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on("opentag", (tag) => handlers.open(tag));
  parser.on("closetag", (tag) => handlers.close(tag.name));
  parser.on("text", (text) => handlers.text(text));
  parser.on("cdata", (text) => handlers.text(text));
  parser.on("error", (error) => {
    // Past what the listener needed (in the same slice), the document is none of its business.
    if (handlers.done()) return;
    throw new DataSourceError(`Cannot read ${zip.path}: ${entry.name} is not well-formed XML (${error.message})`, {
      cause: error,
    });
  });
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch (error) {
      throw new DataSourceError(`Cannot read ${zip.path}: ${entry.name} is not valid UTF-8`, { cause: error });
    }
  };
  const onData = (bytes: Uint8Array) => {
    writeSliced(parser, decode(bytes), handlers);
    return !handlers.done();
  };
  if (mostly && entry.uncompressedSize <= WHOLE_LIMIT) {
    const whole = readEntry(zip, entry);
    for (let at = 0; at < whole.length && onData(whole.subarray(at, at + WHOLE_SLICE)); at += WHOLE_SLICE) {}
  } else {
    streamEntry(zip, entry, onData);
  }
  if (handlers.done()) return false;
  parser.write(decode());
  parser.close();
  return true;
}

/**
 * Throws the clear error for a password-protected document when the package manifest says
 * content.xml is encrypted (its bytes are then neither deflate data nor XML). Called before
 * a read error is reported, so the user hears the real cause.
 */
export function checkNotEncrypted(zip: ZipArchive, cause: unknown): void {
  const manifest = zip.entries.get("META-INF/manifest.xml");
  if (!manifest) return;
  const text = Buffer.from(readEntryPrefix(zip, manifest, MANIFEST_BYTES)).toString("utf8");
  if (text.includes("encryption-data")) {
    throw new DataSourceError(
      `Cannot read ${zip.path}: the document is password-protected (encrypted); save it without a password first`,
      { cause },
    );
  }
}

function writeSliced(parser: SaxesParser, text: string, handlers: ContentHandlers): void {
  let at = 0;
  while (at < text.length && !handlers.done()) {
    let end = Math.min(text.length, at + SLICE);
    // Never split a surrogate pair between two writes.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parser.write(text.slice(at, end));
    at = end;
  }
}
