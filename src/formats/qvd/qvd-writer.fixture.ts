/**
 * A small QVD writer for tests only: it lays out a header, symbol tables and a bit-packed
 * index table the way Qlik does, so tests can build files with every symbol type, nulls,
 * constant fields and hostile header values. Not a production writer (Weft does not write QVD).
 */

/** One symbol: an int32, a double, a text, or a dual (a number with its own text). */
export type TestSymbol = { int: number; text?: string } | { double: number; text?: string } | { text: string };

export interface TestField {
  name: string;
  symbols: TestSymbol[];
  /** NumberFormat Type (default UNKNOWN). */
  numberFormat?: string;
  tags?: string[];
  /** Bias -2 (Qlik's nullable fields), so a row's null is stored as bits 0. */
  nullable?: boolean;
  /** Forces a BitWidth (default: the fewest bits that hold every row's value). */
  bitWidth?: number;
}

export interface TestTable {
  tableName?: string;
  fields: TestField[];
  /** Per row, the symbol index of each field (null: a null, only for nullable fields). */
  rows: (number | null)[][];
  /** The bytes between `</QvdTableHeader>` and the data (Qlik writes CR LF NUL). */
  headerEnd?: string;
}

/** The parts of a built file: tests may edit the header text, whose offsets are relative to its end. */
export interface BuiltQvd {
  header: string;
  data: Buffer;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Lays out `table` as a QVD. */
export function buildTestQvd(table: TestTable): BuiltQvd {
  const symbolTables = table.fields.map((f) => Buffer.concat(f.symbols.map(encodeSymbol)));
  const biases = table.fields.map((f) => (f.nullable ? -2 : 0));
  const stored = table.rows.map((row) =>
    table.fields.map((field, f) => {
      const index = row[f];
      if (index === undefined) throw new Error(`row without a value for field ${field.name}`);
      if (index === null && !field.nullable) throw new Error(`null in non-nullable field ${field.name}`);
      return index === null ? 0 : index - (biases[f] as number);
    }),
  );
  const widths = table.fields.map((field, f) => {
    if (field.bitWidth !== undefined) return field.bitWidth;
    const max = Math.max(0, ...stored.map((row) => row[f] as number));
    return max === 0 ? 0 : Math.floor(Math.log2(max)) + 1;
  });
  const offsets: number[] = [];
  let bits = 0;
  for (const width of widths) {
    offsets.push(width === 0 ? 0 : bits);
    bits += width;
  }
  const recordByteSize = Math.ceil(bits / 8);
  const index = Buffer.alloc(recordByteSize * stored.length);
  stored.forEach((row, r) => {
    row.forEach((value, f) => {
      for (let b = 0; b < (widths[f] as number); b++) {
        if (Math.floor(value / 2 ** b) % 2 === 1) {
          const bit = (offsets[f] as number) + b;
          const at = r * recordByteSize + (bit >> 3);
          index[at] = (index[at] as number) | (1 << (bit & 7));
        }
      }
    });
  });
  let symbolOffset = 0;
  const fieldXml = table.fields.map((field, f) => {
    const length = (symbolTables[f] as Buffer).length;
    const xml = `    <QvdFieldHeader>
      <FieldName>${escapeXml(field.name)}</FieldName>
      <BitOffset>${offsets[f]}</BitOffset>
      <BitWidth>${widths[f]}</BitWidth>
      <Bias>${biases[f]}</Bias>
      <NumberFormat>
        <Type>${field.numberFormat ?? "UNKNOWN"}</Type>
        <nDec>0</nDec>
        <UseThou>0</UseThou>
        <Fmt></Fmt>
        <Dec></Dec>
        <Thou></Thou>
      </NumberFormat>
      <NoOfSymbols>${field.symbols.length}</NoOfSymbols>
      <Offset>${symbolOffset}</Offset>
      <Length>${length}</Length>
      <Comment></Comment>
      <Tags>${(field.tags ?? []).map((t) => `<String>${escapeXml(t)}</String>`).join("")}</Tags>
    </QvdFieldHeader>`;
    symbolOffset += length;
    return xml;
  });
  const header = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r
<QvdTableHeader>
  <QvBuildNo>50699</QvBuildNo>
  <TableName>${escapeXml(table.tableName ?? "Test")}</TableName>
  <Fields>
${fieldXml.join("\n")}
  </Fields>
  <Compression></Compression>
  <RecordByteSize>${recordByteSize}</RecordByteSize>
  <NoOfRecords>${stored.length}</NoOfRecords>
  <Offset>${symbolOffset}</Offset>
  <Length>${index.length}</Length>
  <Comment></Comment>
  <EncryptionInfo></EncryptionInfo>
</QvdTableHeader>${table.headerEnd ?? "\r\n\0"}`;
  return { header, data: Buffer.concat([...symbolTables, index]) };
}

/** The file's bytes: the header text (UTF-8) then the data. */
export function qvdBytes(built: BuiltQvd): Buffer {
  return Buffer.concat([Buffer.from(built.header, "utf8"), built.data]);
}

function encodeSymbol(symbol: TestSymbol): Buffer {
  const text = symbol.text === undefined ? undefined : Buffer.from(`${symbol.text}\0`, "utf8");
  if ("int" in symbol) {
    const number = Buffer.alloc(5);
    number[0] = text ? 5 : 1;
    number.writeInt32LE(symbol.int, 1);
    return text ? Buffer.concat([number, text]) : number;
  }
  if ("double" in symbol) {
    const number = Buffer.alloc(9);
    number[0] = text ? 6 : 2;
    number.writeDoubleLE(symbol.double, 1);
    return text ? Buffer.concat([number, text]) : number;
  }
  return Buffer.concat([Buffer.from([4]), text as Buffer]);
}
