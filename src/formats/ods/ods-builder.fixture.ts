import { zipSync } from "fflate";

/**
 * Builds small .ods packages by hand for the tests: hostile repeat counts, covered cells
 * and odd text that no fixture written by a real program holds. Not used by the reader.
 */

const NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"',
].join(" ");

/** A content.xml holding `tables` (table:table elements), with optional automatic styles. */
export function contentXml(tables: string, automaticStyles = ""): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NAMESPACES} office:version="1.3">` +
    `<office:automatic-styles>${automaticStyles}</office:automatic-styles>` +
    `<office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`
  );
}

/** One sheet: a table:table named `name` around `rows` (table:table-row elements). */
export function sheet(name: string, rows: string): string {
  return `<table:table table:name="${escapeXml(name)}">${rows}</table:table>`;
}

/** A row of `cells`, repeated `repeat` times when given. */
export function row(cells: string, repeat?: number | string): string {
  const attr = repeat === undefined ? "" : ` table:number-rows-repeated="${repeat}"`;
  return `<table:table-row${attr}>${cells}</table:table-row>`;
}

/** A string cell showing `text` (escaped; use `rawText` for markup such as text:s). */
export function text(value: string): string {
  return rawText(escapeXml(value));
}

/** A string cell whose single paragraph is the given markup. */
export function rawText(markup: string): string {
  return `<table:table-cell office:value-type="string"><text:p>${markup}</text:p></table:table-cell>`;
}

/** A float cell holding `value`, shown as `shown` (its value by default). */
export function num(value: number | string, shown: string = String(value)): string {
  return `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${escapeXml(shown)}</text:p></table:table-cell>`;
}

/** An empty cell, repeated `repeat` times when given. */
export function empty(repeat?: number | string): string {
  const attr = repeat === undefined ? "" : ` table:number-columns-repeated="${repeat}"`;
  return `<table:table-cell${attr}/>`;
}

/** A zipped ODS package: a stored mimetype first, as ODF requires, then content.xml and `extra` entries. */
export function odsPackage(content: string | Uint8Array, extra: Record<string, string | Uint8Array> = {}): Uint8Array {
  const bytes = (v: string | Uint8Array) => (typeof v === "string" ? new TextEncoder().encode(v) : v);
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {
    mimetype: [bytes("application/vnd.oasis.opendocument.spreadsheet"), { level: 0 }],
    "content.xml": [bytes(content), { level: 6 }],
  };
  for (const [name, value] of Object.entries(extra)) files[name] = [bytes(value), { level: 6 }];
  return zipSync(files);
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
