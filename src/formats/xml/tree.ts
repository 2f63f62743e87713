import { SaxesParser } from "saxes";
import { DataSourceError } from "../../shared/errors";

/** An element of a small XML document: its name, attributes, child elements and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (character data and CDATA directly inside it), concatenated. */
  text: string;
}

/**
 * Parses a small XML document (a QVD table header, a YXDB record description) into a tree.
 * Streaming parsers are for large documents (ODS content.xml); headers are small and read
 * more clearly as a tree. `what` names the document in the error of a malformed one.
 */
export function parseXmlTree(xml: string, what: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on("opentag", (tag) => {
    const attributes: Record<string, string> = Object.create(null);
    for (const [key, value] of Object.entries(tag.attributes)) attributes[key] = String(value);
    const element: XmlElement = { name: tag.name, attributes, children: [], text: "" };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  const addText = (text: string) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  try {
    parser.write(xml).close();
  } catch (error) {
    throw new DataSourceError(`Cannot read ${what}: its XML is malformed (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (!root) throw new DataSourceError(`Cannot read ${what}: its XML has no root element`);
  return root;
}

/** The first child element named `name`, if any. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** Every child element named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}
