import type { ColumnInfo, FunctionLists } from "../lib/api";

/**
 * Autocomplete for expression strings (Python Polars syntax), pure: where the caret stands
 * (a column name inside `pl.col("…")`, a function after `pl.`, a method after `.`, a
 * namespace method after `.str.` / `.dt.` / `.list.`, or a bare word that may become a
 * column), the suggestions for that place, and the text after accepting one.
 */

export type CompletionKind = "column" | "table" | "method" | "str" | "dt" | "list" | "word";

export interface CompletionContext {
  kind: CompletionKind;
  /** What is typed of the name so far. */
  prefix: string;
  /** The range of text a suggestion replaces. */
  from: number;
  to: number;
  /** The quote that opened `pl.col(` (column kind). */
  quote?: string;
}

export interface Completion {
  /** What the list shows. */
  label: string;
  /** Shown beside the label, dimmed (a dtype, a group). */
  detail?: string;
  /** The text that replaces the context's range. */
  insert: string;
}

const MAX_SUGGESTIONS = 50;

/** The quote of the string literal the text ends inside, if it does. */
export function openQuote(text: string): string | undefined {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
  }
  return quote;
}

/** How many identifier characters follow `at` (a suggestion replaces the whole word). */
function wordEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && /\w/.test(text[end] as string)) end++;
  return end;
}

/**
 * What can be completed at the caret; null where nothing can (inside a string that is not
 * a column name, after a decimal point, on white space).
 */
export function completionContext(text: string, caret: number, forced = false): CompletionContext | null {
  const before = text.slice(0, caret);
  const quote = openQuote(before);
  if (quote) {
    const m = /pl\.col\(\s*(["'])([^"'\\]*)$/.exec(before);
    if (!m || m[1] !== quote) return null;
    const prefix = m[2] ?? "";
    // The name runs to its closing quote when the line has one; else only the word is replaced.
    let to = caret;
    while (to < text.length && text[to] !== quote && text[to] !== "\n") to++;
    if (text[to] !== quote) to = wordEnd(text, caret);
    return { kind: "column", prefix, from: caret - prefix.length, to, quote };
  }
  const at = (m: RegExpExecArray, kind: CompletionKind): CompletionContext => {
    const prefix = m[m.length - 1] ?? "";
    return { kind, prefix, from: caret - prefix.length, to: wordEnd(text, caret) };
  };
  let m = /(?:^|[^\w.])pl\.(\w*)$/.exec(before);
  if (m) return at(m, "table");
  m = /\.(str|dt|list)\.(\w*)$/.exec(before);
  if (m) return at(m, m[1] as "str" | "dt" | "list");
  if (/(?:^|[^\w.])\d+\.\w*$/.test(before)) return null; // a decimal number
  m = /[\w)\]]\.(\w*)$/.exec(before);
  if (m) return at(m, "method");
  m = /(?:^|[^\w.])([A-Za-z_]\w*)$/.exec(before);
  if (m) return at(m, "word");
  if (forced && /(?:^|[\s(,=+\-*/<>&|!~[])$/.test(before)) return { kind: "word", prefix: "", from: caret, to: caret };
  return null;
}

/** Names that match a prefix: those that start with it first, then those that contain it. */
function rank<T>(items: readonly T[], prefix: string, name: (item: T) => string): T[] {
  const p = prefix.toLowerCase();
  const starts: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const n = name(item).toLowerCase();
    if (n.startsWith(p)) starts.push(item);
    else if (p !== "" && n.includes(p)) contains.push(item);
  }
  return [...starts, ...contains].slice(0, MAX_SUGGESTIONS);
}

/** Python string literal text for a column name inside the given quote. */
function escapeIn(name: string, quote: string): string {
  return name.replace(/\\/g, "\\\\").replaceAll(quote, `\\${quote}`);
}

/** The suggestions for a context, from the columns arriving at the tool and the Server's function lists. */
export function completions(
  ctx: CompletionContext,
  columns: readonly ColumnInfo[],
  functions: FunctionLists | undefined,
): Completion[] {
  const fromNames = (names: readonly string[], detail: string) =>
    rank(names, ctx.prefix, (n) => n).map((n) => ({ label: n, detail, insert: n }));
  switch (ctx.kind) {
    case "column":
      return rank(columns, ctx.prefix, (c) => c.name).map((c) => ({
        label: c.name,
        detail: c.dtype,
        insert: escapeIn(c.name, ctx.quote ?? '"'),
      }));
    case "word":
      return rank(columns, ctx.prefix, (c) => c.name).map((c) => ({
        label: `pl.col("${escapeIn(c.name, '"')}")`,
        detail: c.dtype,
        insert: `pl.col("${escapeIn(c.name, '"')}")`,
      }));
    case "table":
      return fromNames(functions?.table_level ?? [], "function");
    case "str":
      return fromNames(functions?.column_methods.string ?? [], "str");
    case "dt":
      return fromNames(functions?.column_methods.datetime ?? [], "dt");
    case "list": {
      const names = (functions?.column_methods.all ?? []).filter((n) => n.startsWith("list.")).map((n) => n.slice(5));
      return fromNames(names, "list");
    }
    case "method": {
      const names = (functions?.column_methods.all ?? []).filter((n) => !n.includes("."));
      const spaces = rank(["str", "dt", "list"], ctx.prefix, (n) => n).map((n) => ({
        label: `${n}.`,
        detail: "namespace",
        insert: `${n}.`,
      }));
      return [...spaces, ...fromNames(names, "method")].slice(0, MAX_SUGGESTIONS);
    }
  }
}

/** The text and caret after accepting a suggestion: calls get their `(`, column names their closing `")`. */
export function applyCompletion(
  text: string,
  ctx: CompletionContext,
  item: Completion,
): { text: string; caret: number } {
  let insert = item.insert;
  const after = text.slice(ctx.to);
  let caretShift = 0;
  if (ctx.kind === "column") {
    const quote = ctx.quote ?? '"';
    if (after.startsWith(quote)) {
      // The closing quote is there already: step over it (and its paren).
      caretShift = after.startsWith(`${quote})`) ? 2 : 1;
    } else {
      insert += `${quote})`;
    }
  } else if (ctx.kind !== "word" && !insert.endsWith(".")) {
    if (insert === "col") insert = after.startsWith("(") ? insert : 'col("';
    else if (!after.startsWith("(")) insert += "(";
  }
  const head = text.slice(0, ctx.from) + insert;
  return { text: head + after, caret: head.length + caretShift };
}
