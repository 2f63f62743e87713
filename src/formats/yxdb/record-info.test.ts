import { describe, expect, test } from "bun:test";
import { expectDataSourceError } from "../../../tests/helpers/format-samples";
import { parseRecordInfo } from "./record-info";

const PATH = "/data/x.yxdb";

describe("parseRecordInfo", () => {
  test("offsets follow Alteryx's fixed widths; variable fields take 4 bytes", () => {
    const xml = `<RecordInfo>
      <Field name="b" type="Bool"/><Field name="y" type="Byte"/><Field name="i16" type="Int16"/>
      <Field name="i32" type="Int32"/><Field name="i64" type="Int64"/>
      <Field name="d" scale="2" size="10" type="FixedDecimal"/><Field name="f" type="Float"/>
      <Field name="g" type="Double"/><Field name="s" size="5" type="String"/><Field name="w" size="5" type="WString"/>
      <Field name="vs" size="100" type="V_String"/><Field name="vw" size="100" type="V_WString"/>
      <Field name="date" type="Date"/><Field name="time" type="Time"/><Field name="dt" type="DateTime"/>
      <Field name="blob" size="2147483647" type="Blob"/><Field name="geo" size="2147483647" type="SpatialObj"/>
    </RecordInfo>`;
    const layout = parseRecordInfo(PATH, xml);
    const widths = [1, 2, 3, 5, 9, 11, 5, 9, 6, 11, 4, 4, 11, 9, 20, 4, 4];
    let offset = 0;
    const expected = widths.map((w) => {
      const at = offset;
      offset += w;
      return at;
    });
    expect(layout.fields.map((f) => f.offset)).toEqual(expected);
    expect(layout.fixedSize).toBe(offset);
    expect(layout.hasVarData).toBe(true);
    expect(layout.fields[5]).toEqual({ name: "d", type: "FixedDecimal", size: 10, scale: 2, offset: 20 });
  });

  test("no variable field, no variable data", () => {
    const layout = parseRecordInfo(PATH, `<RecordInfo><Field name="n" type="Int32"/></RecordInfo>`);
    expect(layout).toEqual({
      fields: [{ name: "n", type: "Int32", size: 0, scale: 0, offset: 0 }],
      fixedSize: 5,
      hasVarData: false,
    });
  });

  test("the Fields of a SortInfo are not columns, with or without a MetaInfo wrapper", () => {
    const info = `<RecordInfo>\n\t<Field name="RecordID" type="Int32"/>\n</RecordInfo>\n<SortInfo>\n<Field field="RecordID" order="Asc" />\n</SortInfo>\n`;
    for (const xml of [`<MetaInfo connection="Output">\n${info}</MetaInfo>\n`, info]) {
      expect(parseRecordInfo(PATH, xml).fields.map((f) => f.name)).toEqual(["RecordID"]);
    }
  });

  test("an XML declaration, entities and unicode names", () => {
    const xml = `<?xml version="1.0" encoding="UTF-16"?><RecordInfo><Field name="prix &amp; 税 &quot;€&quot;" type="Double"/></RecordInfo>`;
    expect(parseRecordInfo(PATH, xml).fields[0]?.name).toBe('prix & 税 "€"');
  });
});

describe("parseRecordInfo refuses a bad description, naming the file", () => {
  const field = (attributes: string) => `<RecordInfo><Field ${attributes}/></RecordInfo>`;
  const cases: [string, string, string][] = [
    ["malformed XML", "<RecordInfo><Field name='a' type='Int32'></RecordInfo>", "malformed"],
    ["no RecordInfo", "<MetaInfo><Other/></MetaInfo>", "no <RecordInfo>"],
    ["no fields", "<RecordInfo></RecordInfo>", "has no fields"],
    ["an unknown type", field(`name="a" type="Int128"`), `unknown type "Int128"`],
    ["no type", field(`name="a"`), `unknown type ""`],
    ["no name", field(`type="Int32"`), "without a name"],
    [
      "a duplicate name",
      `<RecordInfo><Field name="a" type="Int32"/><Field name="a" type="Byte"/></RecordInfo>`,
      `"a" twice`,
    ],
    ["a String without size", field(`name="s" type="String"`), `String field "s" no size`],
    ["a negative size", field(`name="s" size="-3" type="String"`), "invalid size"],
    ["a size that is not a number", field(`name="s" size="ten" type="String"`), "invalid size"],
    ["a scale too large", field(`name="d" scale="9" size="10" type="FixedDecimal"`), "scale of 9"],
    ["a record over 1 GiB", field(`name="s" size="2000000000" type="WString"`), "larger than"],
  ];
  for (const [label, xml, fragment] of cases) {
    test(label, () => expectDataSourceError(() => parseRecordInfo(PATH, xml), PATH, fragment));
  }

  test("more than 32000 fields", () => {
    const fields = Array.from({ length: 32_001 }, (_, i) => `<Field name="f${i}" type="Bool"/>`).join("");
    expectDataSourceError(() => parseRecordInfo(PATH, `<RecordInfo>${fields}</RecordInfo>`), PATH, "32001 fields");
  });

  test("deep nesting does not overflow the stack", () => {
    const depth = 200_000;
    const xml = `${"<a>".repeat(depth)}${"</a>".repeat(depth)}`;
    expectDataSourceError(() => parseRecordInfo(PATH, xml), PATH, "no <RecordInfo>");
  });
});
