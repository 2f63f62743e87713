import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { sampleFrame, tempFolder } from "../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../tests/helpers/real-fixtures";
import { detectFormat, formatByType } from "./registry";
import { sniffFormat } from "./sniff";

const tmp = tempFolder("sniff");
afterAll(tmp.cleanup);

const head = (text: string | number[]) => Buffer.from(typeof text === "string" ? Buffer.from(text, "latin1") : text);

describe("sniffFormat", () => {
  test("magic bytes prove a format; text proves none", () => {
    expect(sniffFormat(head("PAR1\u0015\u0004"), head("PAR1"))).toBe("parquet");
    expect(sniffFormat(head("PAR1\u0015\u0004"), head("xxxx"))).toBeUndefined();
    expect(sniffFormat(head("ARROW1\0\0"), head("ARROW1"))).toBe("ipc");
    expect(sniffFormat(head([0xff, 0xff, 0xff, 0xff, 0x10, 0, 0, 0]), head(""))).toBe("ipc");
    expect(sniffFormat(head("Obj\u0001\u0004"), head(""))).toBe("avro");
    expect(sniffFormat(head("Alteryx Database File  (C) 2020 Alteryx\r\n"), head(""))).toBe("yxdb");
    expect(sniffFormat(head([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), head(""))).toBe("excel");
    const zip = "PK\u0003\u0004".padEnd(30, "\0");
    expect(sniffFormat(head(`${zip}mimetypeapplication/vnd.oasis.opendocument.spreadsheet`), head(""))).toBe("ods");
    expect(sniffFormat(head(`${zip}[Content_Types].xml`), head(""))).toBe("excel");
    const qvd = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<QvdTableHeader>\r\n';
    expect(sniffFormat(head(qvd), head(""))).toBe("qvd");
    expect(sniffFormat(head('<?xml version="1.0"?><other/>'), head(""))).toBeUndefined();
    expect(sniffFormat(head("a,b\n1,2\n"), head(",2\n"))).toBeUndefined();
    expect(sniffFormat(head('{"a": 1}'), head("1}\n"))).toBeUndefined();
    expect(sniffFormat(head(""), head(""))).toBeUndefined();
  });
});

describe("detectFormat", () => {
  test("content beats a wrong extension, with the mismatch said; text goes by extension", () => {
    const parquet = join(tmp.dir, "real.parquet");
    formatByType("parquet")?.write?.(sampleFrame().lazy(), parquet, {});
    const named = join(tmp.dir, "named.csv");
    copyFileSync(parquet, named);
    const detected = detectFormat(named);
    expect(detected.format.type).toBe("parquet");
    expect(detected.mismatch).toContain("named .csv");
    expect(detectFormat(parquet).mismatch).toBeUndefined();
    const noExtension = join(tmp.dir, "parquet-without-extension");
    copyFileSync(parquet, noExtension);
    expect(detectFormat(noExtension).format.type).toBe("parquet");
    expect(detectFormat(tmp.file("lines", '\n  {"a": 1}\n')).format.type).toBe("json");
    expect(detectFormat(tmp.file("table", "a;b\n1;2\n")).format.type).toBe("csv");
    expect(detectFormat(tmp.file("data.ndjson", "a,b\n")).format.type).toBe("json");
    // An explicit type is taken as given, without reading the file.
    expect(detectFormat("/no/such/file.csv", "avro").format.type).toBe("avro");
  });

  test.skipIf(!HAS_REAL_FIXTURES)(`every real file is recognised by its content alone${SKIP_NOTE}`, () => {
    const cases: [string, string, string][] = [
      ["avro", "weather-zstd.avro", "avro"],
      ["ods", "date.ods", "ods"],
      ["xlsx", "date.xlsx", "excel"],
      ["xls", "date.xls", "excel"],
      ["xlsb", "date.xlsb", "excel"],
      ["qvd", "small.qvd", "qvd"],
      ["yxdb", "point.yxdb", "yxdb"],
      ["arrow", "generated_primitive.arrow", "ipc"],
      ["arrow", "data-arrow_2.0.0_zstd.feather", "ipc"],
    ];
    for (const [folder, file, type] of cases) {
      const copy = join(tmp.dir, `anonymous-${file.replace(/\./g, "-")}`);
      copyFileSync(realFixture(folder, file), copy);
      expect<string>(detectFormat(copy).format.type, file).toBe(type);
    }
  });
});
