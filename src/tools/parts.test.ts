import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PYTHON_GENERATORS } from "../codegen/generators";
import { TOOL_CATALOG } from "./catalog";
import { TOOLS } from "./registry";
import { TOOL_TYPES } from "./tool-meta";

/**
 * Every tool has each of its parts (src/tools/README.md): a description in the catalog, a
 * builder in the engine's registry, a Python generator, and a configuration form in the
 * designer. The maps are checked as data, so a missing entry is named here even where a map's
 * type would let it pass ("tool 'x' has no generator").
 */

type PartMaps = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** What is missing, or left over, in each part's map for the tool types `types`. */
function missingParts(types: readonly string[], parts: PartMaps): string[] {
  const problems: string[] = [];
  for (const type of types) {
    for (const [part, map] of Object.entries(parts)) {
      if (!Object.hasOwn(map, type) || map[type] === undefined) problems.push(`tool '${type}' has no ${part}`);
    }
  }
  for (const [part, map] of Object.entries(parts)) {
    for (const key of Object.keys(map)) if (!types.includes(key)) problems.push(`${part} '${key}' is for no tool type`);
  }
  return problems;
}

const WEB_FORMS = resolve(import.meta.dir, "../../web/src/config/tools");

/**
 * The designer's forms map (web/src/config/tools/index.ts `TOOL_FORMS`), tool type → the
 * file its form comes from. Read as text: the forms are Solid components, which bun's test
 * runner cannot load.
 */
function webForms(): Record<string, string> {
  const source = readFileSync(join(WEB_FORMS, "index.ts"), "utf8");
  const files = new Map<string, string>();
  for (const [, name, file] of source.matchAll(/^import \{ (\w+) \} from "\.\/([\w-]+)";$/gm))
    files.set(name ?? "", file ?? "");
  const body = /export const TOOL_FORMS[^=]*= \{([^}]*)\};/.exec(source)?.[1];
  if (body === undefined) throw new Error("web/src/config/tools/index.ts has no TOOL_FORMS map");
  const forms: Record<string, string> = {};
  for (const [, type, form] of body.matchAll(/^\s*([\w-]+): (\w+),?$/gm)) {
    const file = files.get(form ?? "");
    if (file !== undefined && existsSync(join(WEB_FORMS, `${file}.tsx`))) forms[type ?? ""] = file;
  }
  return forms;
}

describe("every tool has each part", () => {
  test("a description, a builder, a generator and a configuration form", () => {
    const parts = {
      "description (src/tools/<tool>/meta.ts in catalog.ts)": TOOL_CATALOG,
      "builder (src/tools/registry.ts)": TOOLS,
      "generator (src/codegen/generators.ts)": PYTHON_GENERATORS,
      "configuration form (web/src/config/tools/index.ts)": webForms(),
    };
    expect(missingParts(TOOL_TYPES, parts)).toEqual([]);
  });

  test("a part missing or left over is named", () => {
    const { sort: _, ...withoutSort } = PYTHON_GENERATORS;
    const problems = missingParts([...TOOL_TYPES, "x"], {
      generator: withoutSort,
      builder: { ...TOOLS, y: TOOLS.sort },
    });
    expect(problems).toEqual([
      "tool 'sort' has no generator",
      "tool 'x' has no generator",
      "tool 'x' has no builder",
      "builder 'y' is for no tool type",
    ]);
  });

  test("the forms map is read as the web app has it", () => {
    expect(Object.keys(webForms())).toEqual([...TOOL_TYPES]);
  });
});
