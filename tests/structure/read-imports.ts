/**
 * The module specifiers a TypeScript text imports or re-exports, in order: `import … from`,
 * `import type …`, `export … from`, bare `import "x"`, dynamic `import("x")` and `require("x")`.
 *
 * A small lexer rather than a regex over the text, because test files hold import statements
 * inside strings (the dependency rules' own samples, generated scripts) that must not count;
 * nor Bun's `Transpiler.scanImports`, which drops type-only imports (and those count: a type
 * import from server internals ties the web app to them all the same). It walks comments,
 * strings, template literals and regex literals, and keeps a string when the code before it
 * ends in `from`, `import`, `import(` or `require(`.
 */
export function importSpecifiers(text: string): string[] {
  return importsOf(text).map((found) => found.specifier);
}

/** One import of a text: its specifier, and whether the whole statement is `import type` / `export type`. */
export interface FoundImport {
  specifier: string;
  typeOnly: boolean;
}

/** The imports of `text` as `importSpecifiers` finds them, each with whether it is type-only. */
export function importsOf(text: string): FoundImport[] {
  const specifiers: FoundImport[] = [];
  let code = ""; // the text so far with comments and literals left out: what precedes a string
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const next = text[i + 1];
    if (ch === "/" && next === "/") {
      i = lineEnd(text, i);
    } else if (ch === "/" && next === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (ch === '"' || ch === "'") {
      const end = literalEnd(text, i, ch);
      if (/(?:\bfrom|\bimport|\b(?:import|require)\s*\()\s*$/.test(code.slice(-40)))
        specifiers.push({
          specifier: text.slice(i + 1, end - 1),
          typeOnly: /\b(?:import|export)\s+type\b[^;]*$/.test(code.slice(-400)),
        });
      code += " 0 ";
      i = end;
    } else if (ch === "`") {
      i = literalEnd(text, i, "`");
      code += " 0 ";
    } else if (ch === "/" && startsRegex(code)) {
      i = regexEnd(text, i);
      code += " 0 ";
    } else {
      code += ch;
      i++;
    }
  }
  return specifiers;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end < 0 ? text.length : end;
}

/** The index after the closing quote of the literal opened at `start` (template `${}` kept whole). */
function literalEnd(text: string, start: number, quote: string): number {
  let depth = 0; // `${ … }` nesting inside a template literal
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\\") i++;
    else if (quote === "`" && ch === "$" && text[i + 1] === "{") {
      depth++;
      i++;
    } else if (quote === "`" && depth > 0 && ch === "}") depth--;
    else if (ch === quote && depth === 0) return i + 1;
    else if (ch === "\n" && quote !== "`") return i + 1;
  }
  return text.length;
}

/** A `/` starts a regex literal where an expression may begin, not after a value (division). */
function startsRegex(code: string): boolean {
  const before = code.slice(-40).trimEnd();
  if (before === "") return true;
  if (/(?:\breturn|\btypeof|\bcase|\bin|\bof|\bdelete|\bvoid|\bthrow|\bnew)$/.test(before)) return true;
  return /[(,=:[!&|?{};+\-*%<>~^]$/.test(before);
}

function regexEnd(text: string, start: number): number {
  let inClass = false;
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\\") i++;
    else if (ch === "[") inClass = true;
    else if (ch === "]") inClass = false;
    else if (ch === "/" && !inClass) return i + 1;
    else if (ch === "\n") return i + 1;
  }
  return text.length;
}
