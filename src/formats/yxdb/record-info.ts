import { DataSourceError } from "../../shared/errors";
import { parseXmlTree, type XmlElement } from "../xml/tree";

/** The field types of a YXDB RecordInfo (`type` attribute). */
export const YXDB_TYPES = [
  "Bool",
  "Byte",
  "Int16",
  "Int32",
  "Int64",
  "FixedDecimal",
  "Float",
  "Double",
  "String",
  "WString",
  "V_String",
  "V_WString",
  "Date",
  "Time",
  "DateTime",
  "Blob",
  "SpatialObj",
] as const;
export type YxdbType = (typeof YXDB_TYPES)[number];

/** One field: where its fixed part sits in a record and how wide it is. */
export interface YxdbField {
  name: string;
  type: YxdbType;
  /** Characters for String/WString/FixedDecimal (declared size otherwise, informative). */
  size: number;
  /** Digits after the point, for FixedDecimal. */
  scale: number;
  /** Byte offset of the field's fixed part in the record. */
  offset: number;
}

/** The layout of every record: the fields, the fixed part's size, and whether variable data follows. */
export interface RecordLayout {
  fields: YxdbField[];
  fixedSize: number;
  hasVarData: boolean;
}

/** Alteryx's own limit on the number of fields. */
export const MAX_FIELDS = 32_000;
/** The largest record (fixed part, or variable data) this reader accepts: 1 GiB. */
export const MAX_RECORD_BYTES = 1 << 30;

const VARIABLE: ReadonlySet<YxdbType> = new Set(["V_String", "V_WString", "Blob", "SpatialObj"]);

/**
 * The bytes a field takes in the fixed part (after Alteryx's RecordInfo): numbers are
 * followed by a null flag byte; a Bool packs value and null in one byte; text types hold
 * `size` characters then a null flag; variable types hold a 4-byte reference.
 */
function fixedWidth(type: YxdbType, size: number): number {
  switch (type) {
    case "Bool":
      return 1;
    case "Byte":
      return 2;
    case "Int16":
      return 3;
    case "Int32":
    case "Float":
      return 5;
    case "Int64":
    case "Double":
      return 9;
    case "FixedDecimal":
    case "String":
      return size + 1;
    case "WString":
      return size * 2 + 1;
    case "Date":
      return 11;
    case "Time":
      return 9;
    case "DateTime":
      return 20;
    default:
      return 4;
  }
}

/**
 * Parses the MetaInfo XML into the record layout. The fields are the `<Field>` children of
 * the first `<RecordInfo>` element: the MetaInfo may wrap it in `<MetaInfo>` and may carry
 * other blocks (`<SortInfo>` also has `<Field>` elements, which are not columns).
 */
export function parseRecordInfo(path: string, xml: string): RecordLayout {
  const bad = (why: string) => new DataSourceError(`Cannot read ${path}: its record description ${why}`);
  // A synthetic root accepts a RecordInfo followed by sibling blocks; a declaration must go first.
  const body = xml.replace(/^\uFEFF?\s*<\?xml[^>]*\?>/, "");
  const root = parseXmlTree(`<weft-yxdb-meta>${body}</weft-yxdb-meta>`, `${path} (record description)`);
  const recordInfo = findFirst(root, "RecordInfo");
  if (!recordInfo) throw bad("has no <RecordInfo> element");
  const elements = recordInfo.children.filter((c) => c.name === "Field");
  if (elements.length === 0) throw bad("has no fields");
  if (elements.length > MAX_FIELDS) throw bad(`has ${elements.length} fields (at most ${MAX_FIELDS})`);

  const fields: YxdbField[] = [];
  const names = new Set<string>();
  let offset = 0;
  let hasVarData = false;
  for (const [index, element] of elements.entries()) {
    const name = element.attributes.name;
    if (name === undefined) throw bad(`has a field without a name (field ${index + 1})`);
    if (names.has(name)) throw bad(`names the field "${name}" twice`);
    names.add(name);
    const type = element.attributes.type;
    if (!isYxdbType(type)) {
      throw bad(`gives the field "${name}" the unknown type ${JSON.stringify(type ?? "")}`);
    }
    const size = wholeNumber(element.attributes.size, () => bad(`gives the field "${name}" an invalid size`));
    const scale = wholeNumber(element.attributes.scale, () => bad(`gives the field "${name}" an invalid scale`));
    if ((type === "String" || type === "WString" || type === "FixedDecimal") && size < 1) {
      throw bad(`gives the ${type} field "${name}" no size`);
    }
    if (type === "FixedDecimal" && scale > 0 && scale > size - 2) {
      throw bad(`gives the FixedDecimal field "${name}" a scale of ${scale}, too large for its size ${size}`);
    }
    fields.push({ name, type, size, scale, offset });
    offset += fixedWidth(type, size);
    if (offset > MAX_RECORD_BYTES) throw bad(`makes records larger than ${MAX_RECORD_BYTES} bytes`);
    if (VARIABLE.has(type)) hasVarData = true;
  }
  return { fields, fixedSize: offset, hasVarData };
}

function isYxdbType(type: string | undefined): type is YxdbType {
  return type !== undefined && (YXDB_TYPES as readonly string[]).includes(type);
}

/** An absent attribute is 0 (as in Alteryx); anything else must be a whole number. */
function wholeNumber(text: string | undefined, fail: () => Error): number {
  if (text === undefined) return 0;
  if (!/^\s*\d{1,10}\s*$/.test(text)) throw fail();
  return Number(text);
}

/** The first element named `name` in document order; iterative, so deep nesting cannot overflow the stack. */
function findFirst(root: XmlElement, name: string): XmlElement | undefined {
  const pending: XmlElement[] = [...root.children].reverse();
  for (let element = pending.pop(); element; element = pending.pop()) {
    if (element.name === name) return element;
    for (let i = element.children.length - 1; i >= 0; i--) pending.push(element.children[i] as XmlElement);
  }
  return undefined;
}
