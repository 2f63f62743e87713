import { describe, expect, test } from "bun:test";
import { DataSourceError } from "../../shared/errors";
import { child, childrenNamed, parseXmlTree } from "./tree";

describe("parseXmlTree", () => {
  test("elements, attributes, text and CDATA", () => {
    const root = parseXmlTree(
      '<?xml version="1.0"?><T n="1"><F a="x &amp; y">v<![CDATA[<w>]]></F><F/><G>é</G></T>',
      "t.xml",
    );
    expect(root.name).toBe("T");
    expect(root.attributes).toEqual({ n: "1" });
    expect(childrenNamed(root, "F").map((f) => f.text)).toEqual(["v<w>", ""]);
    expect(child(root, "F")?.attributes.a).toBe("x & y");
    expect(child(root, "G")?.text).toBe("é");
    expect(child(root, "H")).toBeUndefined();
  });

  test("malformed XML is a DataSourceError naming the document", () => {
    expect(() => parseXmlTree("<T><F></T>", "the header of a.qvd")).toThrow(DataSourceError);
    expect(() => parseXmlTree("<T><F></T>", "the header of a.qvd")).toThrow("the header of a.qvd");
    expect(() => parseXmlTree("", "b.yxdb")).toThrow("b.yxdb");
  });

  test("an attribute named __proto__ stays an attribute", () => {
    const root = parseXmlTree('<T __proto__="p"/>', "t.xml");
    expect(Object.entries(root.attributes)).toEqual([["__proto__", "p"]]);
  });
});
