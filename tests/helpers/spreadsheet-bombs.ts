import { readFileSync, writeFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";

/*
 * Spreadsheets that inflate far past their size, written by hand (SheetJS would take as
 * long to write them as to read them): the least an .xlsx or .ods needs, one sheet.
 */

const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE = "http://schemas.openxmlformats.org/package/2006";
const XLSX_PARTS: Record<string, string> = {
  "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${PACKAGE}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE}/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE}/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};
const MIB = 1024 * 1024;

/**
 * An .xlsx whose sheet is about `mib` MiB of XML: three columns a, b, c. `repeated` rows are
 * all alike (the sheet inflates ~340 times); otherwise each row differs (~10 times).
 */
export function writeXlsx(path: string, mib: number, repeated: boolean): void {
  const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row><c t="inlineStr"><is><t>a</t></is></c><c t="inlineStr"><is><t>b</t></is></c><c t="inlineStr"><is><t>c</t></is></c></row>`;
  const row = (i: number) =>
    repeated
      ? "<row><c><v>1</v></c><c><v>2</v></c><c><v>3</v></c></row>"
      : `<row><c><v>${i}</v></c><c><v>${(i * 7919) % 1000003}</v></c><c><v>${i % 97}</v></c></row>`;
  const rows: string[] = [];
  let size = head.length;
  for (let i = 0; size < mib * MIB; i++) {
    rows.push(row(i));
    size += (rows[rows.length - 1] as string).length;
  }
  const sheet = `${head}${rows.join("")}</sheetData></worksheet>`;
  const parts = Object.fromEntries(Object.entries(XLSX_PARTS).map(([name, text]) => [name, strToU8(text)]));
  writeFileSync(path, zipSync({ ...parts, "xl/worksheets/sheet1.xml": strToU8(sheet) }, { level: 9 }));
}

/** An .ods whose content.xml is about `mib` MiB of alike rows. */
export function writeOds(path: string, mib: number): void {
  const row = '<table:table-row><table:table-cell office:value-type="float" office:value="1"/></table:table-row>';
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"><office:body><office:spreadsheet><table:table table:name="S">${row.repeat(Math.ceil((mib * MIB) / row.length))}</table:table></office:spreadsheet></office:body></office:document-content>`;
  writeFileSync(
    path,
    zipSync({
      mimetype: [strToU8("application/vnd.oasis.opendocument.spreadsheet"), { level: 0 }],
      "content.xml": strToU8(content),
    }),
  );
}

/**
 * Rewrites the uncompressed size a zip records for `entry`, in its central directory and its
 * local header, to `size`: a part that lies about how far it inflates.
 */
export function declareSize(path: string, entry: string, size: number): void {
  const bytes = readFileSync(path);
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString("utf8", at + 46, at + 46 + nameLength);
    if (name === entry) {
      bytes.writeUInt32LE(size, at + 24);
      bytes.writeUInt32LE(size, bytes.readUInt32LE(at + 42) + 22);
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  writeFileSync(path, bytes);
}
