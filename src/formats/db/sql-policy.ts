import { ValidationError } from "../../shared/errors";
import { lexSql, type SqlToken } from "./sql-lexer";
import { readingsOf, type SqlDialect } from "./sql-readings";
import {
  FIRST_WORDS,
  PARENTHESISED_FIRST_WORDS,
  REFUSED_FUNCTIONS,
  REFUSED_WORDS,
  type RefusedFunction,
  type RefusedWord,
} from "./sql-refused";

export type { SqlDialect } from "./sql-readings";

/** Longer text is refused unread: no hand-written query comes near it, and the check stays fast. */
export const MAX_SQL_LENGTH = 1_000_000;

/** What was refused, where (an offset into the text) and why. */
interface Finding {
  at: number;
  what: string;
  why: string;
}

/**
 * The read-only query policy (docs/server-api.md rule 10): answers the statement to run, trimmed and
 * without a final `;` (and whatever comments follow it), or throws a ValidationError naming
 * what was refused and its line:column. The text must be one statement that starts with a
 * read keyword of the dialect and holds no refused word or function outside strings, quoted
 * names and comments. See README.md for the rules and why they are what they are.
 */
export function checkReadOnlySql(sql: string, dialect: SqlDialect): string {
  if (sql.length > MAX_SQL_LENGTH) {
    throw new ValidationError(`Refused SQL: the query has ${sql.length} characters (at most ${MAX_SQL_LENGTH})`);
  }
  const nul = sql.indexOf("\0");
  if (nul >= 0) throw refusal(sql, { at: nul, what: "a NUL character", why: "drivers may cut the text there" }, "");
  let end: number | undefined;
  for (const reading of readingsOf(dialect)) {
    const tokens = lexSql(sql, dialect, reading);
    const finding = refusedName(tokens, dialect) ?? refusedShape(sql, tokens, dialect);
    if (finding) throw refusal(sql, finding, reading.note);
    const last = tokens.at(-1);
    const readingEnd = last && isSymbol(last, ";") ? last.start : sql.length;
    if (end !== undefined && readingEnd !== end) {
      const why = "server settings change where the statement ends";
      throw refusal(sql, { at: Math.min(end, readingEnd), what: "a ;", why }, "");
    }
    end = readingEnd;
  }
  return sql.slice(0, end).trim();
}

/** Refused words by dialect and canonical spelling; refused functions by dialect, exact names apart. */
const WORDS = new Map<SqlDialect, Map<string, RefusedWord[]>>();
const FUNCTIONS = new Map<SqlDialect, { exact: Map<string, RefusedFunction>; prefixes: RefusedFunction[] }>();
for (const dialect of ["postgresql", "mysql", "sqlite", "mssql"] as const) {
  const words = new Map<string, RefusedWord[]>();
  for (const entry of REFUSED_WORDS) {
    if (entry.only && !entry.only.includes(dialect)) continue;
    words.set(entry.word, [...(words.get(entry.word) ?? []), entry]);
  }
  WORDS.set(dialect, words);
  const functions = REFUSED_FUNCTIONS.filter((fn) => fn.only.includes(dialect));
  FUNCTIONS.set(dialect, {
    exact: new Map(functions.filter((fn) => !fn.prefix).map((fn) => [fn.name, fn])),
    prefixes: functions.filter((fn) => fn.prefix),
  });
}

function refusedFunction(name: string, dialect: SqlDialect): RefusedFunction | undefined {
  const functions = FUNCTIONS.get(dialect);
  return functions?.exact.get(name) ?? functions?.prefixes.find((fn) => name.startsWith(fn.name));
}

/**
 * A word's spelling for matching: upper case, and NFKC-folded when not ASCII. No engine folds
 * ＤＥＬＥＴＥ into DELETE, but refusing it costs a legitimate query nothing.
 */
function canonical(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is "only ASCII"
  return /^[\x00-\x7f]*$/.test(text) ? text.toUpperCase() : text.normalize("NFKC").toUpperCase();
}

const isSymbol = (token: SqlToken | undefined, symbol: string): boolean =>
  token?.kind === "symbol" && token.text === symbol;
const isWord = (token: SqlToken | undefined, word: string): boolean =>
  token?.kind === "word" && canonical(token.text) === word;

/** The first refused word or function call, in text order. */
function refusedName(tokens: readonly SqlToken[], dialect: SqlDialect): Finding | undefined {
  for (const [i, token] of tokens.entries()) {
    if (token.kind !== "word" && token.kind !== "quoted") continue;
    const key = canonical(token.text);
    if (token.kind === "word") {
      for (const entry of WORDS.get(dialect)?.get(key) ?? []) {
        const from = wordApplies(entry, tokens, i, dialect);
        if (from !== undefined) return { at: from, what: entry.display ?? key, why: entry.why };
      }
    }
    const name = key.toLowerCase();
    const fn = refusedFunction(name, dialect);
    if (fn && (fn.anywhere || isSymbol(tokens[i + 1], "("))) {
      return { at: token.start, what: token.kind === "quoted" ? `"${name}"` : name, why: fn.why };
    }
  }
  return undefined;
}

/** Where the refusal of word `i` starts (its first word), or undefined when its context allows it. */
function wordApplies(
  entry: RefusedWord,
  tokens: readonly SqlToken[],
  i: number,
  dialect: SqlDialect,
): number | undefined {
  const next = tokens[i + 1];
  const previous = tokens[i - 1];
  if (entry.unlessCall && isSymbol(next, "(")) return undefined;
  if (entry.allowedAfterInMysql && dialect === "mysql" && isWord(previous, entry.allowedAfterInMysql)) return undefined;
  if (entry.before) {
    const string = next?.kind === "string" && entry.before.includes("'");
    if (!string && !entry.before.some((word) => isWord(next, word))) return undefined;
  }
  if (entry.after) {
    const from = i - entry.after.length;
    if (!entry.after.every((word, k) => isWord(tokens[from + k], word))) return undefined;
    return tokens[from]?.start;
  }
  return tokens[i]?.start;
}

/** Lexical trouble, a wrong first word, or a second statement. */
function refusedShape(sql: string, tokens: readonly SqlToken[], dialect: SqlDialect): Finding | undefined {
  const bad = tokens.find((token) => token.kind === "bad");
  if (bad) return { at: bad.start, what: bad.text, why: "" };
  let i = 0;
  while (isSymbol(tokens[i], "(")) i++;
  const first = tokens[i];
  const allowed = FIRST_WORDS[dialect].filter((word) => i === 0 || PARENTHESISED_FIRST_WORDS.has(word));
  const why = `a query starts with ${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}`;
  if (!first) return { at: sql.length - sql.trimStart().length, what: "an empty query", why };
  if (first.kind !== "word" || !allowed.includes(canonical(first.text))) {
    const text = first.kind === "word" ? canonical(first.text) : JSON.stringify(sql.slice(first.start, first.end));
    return { at: first.start, what: text.length > 40 ? `${text.slice(0, 40)}...` : text, why };
  }
  const semicolon = tokens.findIndex((token) => isSymbol(token, ";"));
  const second = semicolon >= 0 ? tokens[semicolon + 1] : undefined;
  if (second) return { at: second.start, what: "text after ;", why: "only one statement may run" };
  return undefined;
}

function refusal(sql: string, finding: Finding, note: string): ValidationError {
  const why = [finding.why, note && `reading the text ${note}`].filter(Boolean).join("; ");
  return new ValidationError(`Refused SQL: ${finding.what} at ${lineColumn(sql, finding.at)}${why && ` (${why})`}`);
}

/** The 1-based line:column of `offset`; CRLF, LF and a lone CR end a line, and a column is a code point. */
function lineColumn(sql: string, offset: number): string {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    const c = sql.charCodeAt(i);
    if (c === 10 || (c === 13 && sql.charCodeAt(i + 1) !== 10)) {
      line++;
      column = 1;
    } else if (c !== 13 && !(c >= 0xdc00 && c <= 0xdfff && i > 0 && (sql.charCodeAt(i - 1) & 0xfc00) === 0xd800)) {
      column++;
    }
  }
  return `${line}:${column}`;
}
