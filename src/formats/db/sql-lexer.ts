import type { SqlDialect, SqlReading } from "./sql-readings";

/**
 * A token of the text outside comments. `text` is the word as written (word), the name
 * without its quotes and doubled quotes (quoted), the character (symbol) or what is wrong
 * (bad). The lexer stops after a bad token whose end it cannot know (an unterminated string).
 */
export interface SqlToken {
  kind: "word" | "quoted" | "string" | "number" | "symbol" | "bad";
  start: number;
  end: number;
  text: string;
}

/**
 * Non-ASCII characters refused outside strings, names and comments: whitespace, invisible
 * and control characters. Engines disagree on them (PostgreSQL and SQLite read U+00A0 as
 * part of a name), so none may separate words; the lexer still splits words there, so that
 * `DELETE\u00a0FROM` is seen as DELETE.
 */
const CONFUSABLE = /[\p{White_Space}\p{Cf}\p{Cc}\p{Cs}\u115F\u1160\u2800\u3164\uFFA0]|\u034F/u;
/** A PostgreSQL dollar-quote delimiter: any non-ASCII character may be part of the tag, as in PostgreSQL. */
const DOLLAR_TAG = /\$(?:[A-Za-z_\u{80}-\u{10FFFF}][A-Za-z0-9_\u{80}-\u{10FFFF}]*)?\$/uy;
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const HEX_DIGITS = /[0-9A-Fa-f]*/y;

const isAsciiSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);
const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isConfusable = (cp: number): boolean => cp >= 0x80 && CONFUSABLE.test(String.fromCodePoint(cp));
const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

/** Splits `sql` into tokens as `dialect` read with `reading` does; comments are dropped. */
export function lexSql(sql: string, dialect: SqlDialect, reading: SqlReading): SqlToken[] {
  return new SqlLexer(sql, dialect, reading).run();
}

class SqlLexer {
  private readonly tokens: SqlToken[] = [];
  private pos = 0;
  /** Where an open MySQL executable comment or optimizer hint (read as code) began. */
  private execStart = -1;
  private stopped = false;

  constructor(
    private readonly sql: string,
    private readonly dialect: SqlDialect,
    private readonly reading: SqlReading,
  ) {}

  run(): SqlToken[] {
    const { sql } = this;
    while (this.pos < sql.length && !this.stopped) this.step(sql.charCodeAt(this.pos), sql.charAt(this.pos + 1));
    if (!this.stopped && this.execStart >= 0) this.fail(this.execStart, "an unterminated /*! ... */ comment");
    return this.tokens;
  }

  private step(c: number, next: string) {
    const { sql, pos, dialect } = this;
    const ch = sql.charAt(pos);
    if (isAsciiSpace(c)) {
      this.pos++;
    } else if (ch === "-" && next === "-" && this.dashesStartComment()) {
      this.lineComment();
    } else if (ch === "#" && dialect === "mysql") {
      this.lineComment();
    } else if (ch === "/" && next === "*") {
      this.blockComment();
    } else if (ch === "*" && next === "/" && this.execStart >= 0) {
      this.execStart = -1; // the end of a MySQL executable comment
      this.pos += 2;
    } else if (ch === "'") {
      this.quoted("string", "'", this.reading.backslashInStrings);
    } else if (ch === '"') {
      const isString = dialect === "mysql" && this.reading.doubleQuotedIsString;
      this.quoted(isString ? "string" : "quoted", '"', isString && this.reading.backslashInStrings);
    } else if (ch === "`" && (dialect === "mysql" || dialect === "sqlite")) {
      this.quoted("quoted", "`", false);
    } else if (ch === "[" && (dialect === "mssql" || dialect === "sqlite")) {
      this.quoted("quoted", "]", false, dialect === "mssql");
    } else if (ch === "$" && dialect === "postgresql") {
      this.dollar();
    } else if (dialect === "sqlite" && "$@:#".includes(ch) && this.sqliteVariable()) {
      // consumed by sqliteVariable
    } else if (isDigit(c) || (ch === "." && isDigit(next.charCodeAt(0)))) {
      this.number();
    } else if (this.isWordStart(sql.codePointAt(pos) ?? c)) {
      this.word();
    } else {
      this.other(sql.codePointAt(pos) ?? c);
    }
  }

  /** MySQL reads -- as a comment only before a space or control character (`1--1` is 1 - -1). */
  private dashesStartComment(): boolean {
    if (this.dialect !== "mysql") return true;
    const after = this.sql.charCodeAt(this.pos + 2);
    return Number.isNaN(after) || after <= 32 || after === 127;
  }

  /** Each line end's last search: from where, and what it found. */
  private readonly searches = new Map<string, { from: number; at: number }>();

  /**
   * The first `char` at or after `from`, or the text's length. A search from between the last
   * one's start and its answer has that answer, so a text of many comments and no newline is
   * scanned once, not once per comment (which was quadratic: 80,000 `-- x\r` took 220 ms).
   */
  private next(char: string, from: number): number {
    const last = this.searches.get(char);
    if (last && last.from <= from && from <= last.at) return last.at;
    const found = this.sql.indexOf(char, from);
    const at = found < 0 ? this.sql.length : found;
    this.searches.set(char, { from, at });
    return at;
  }

  private lineComment() {
    const { sql, pos } = this;
    let end = this.next("\n", pos);
    if (this.reading.crEndsLineComment) end = Math.min(end, this.next("\r", pos));
    if (this.execStart >= 0 && sql.slice(pos, end).includes("*/")) {
      return this.fail(pos, "a comment holding */ inside a /*! ... */ comment");
    }
    this.pos = end;
  }

  private blockComment() {
    const { sql, pos, dialect } = this;
    if (this.execStart >= 0) return this.fail(pos, "a comment inside a /*! ... */ comment");
    if (dialect === "mysql") {
      // Executable comments (/*! */, /*!50001 */, MariaDB /*M! */) and optimizer hints (/*+ */) are code.
      const third = sql.charAt(pos + 2);
      const marker = sql.startsWith("M!", pos + 2) ? 4 : third === "!" || third === "+" ? 3 : 0;
      if (marker > 0) {
        this.execStart = pos;
        this.pos += marker;
        return;
      }
    }
    if (dialect === "postgresql" || dialect === "mssql") {
      let depth = 1;
      let i = pos + 2;
      while (i < sql.length && depth > 0) {
        if (sql.startsWith("/*", i)) [depth, i] = [depth + 1, i + 2];
        else if (sql.startsWith("*/", i)) [depth, i] = [depth - 1, i + 2];
        else i++;
      }
      if (depth > 0) return this.fail(pos, "an unterminated /* comment");
      this.pos = i;
      return;
    }
    // MySQL and SQLite do not nest comments; MySQL versions differ on a /* inside one, so it is refused.
    const end = sql.indexOf("*/", pos + 2);
    if (end < 0) return this.fail(pos, "an unterminated /* comment");
    const inner = sql.indexOf("/*", pos + 2);
    if (inner >= 0 && inner < end) return this.fail(inner, "a /* inside a comment");
    this.pos = end + 2;
  }

  /** A string or quoted name from the opening quote at `pos`; `close` ends it, doubled it escapes itself. */
  private quoted(kind: "string" | "quoted", close: string, backslash: boolean, doubling = close !== "]") {
    const { sql, pos } = this;
    const keep = kind === "quoted";
    let i = pos + 1;
    let content = "";
    for (;;) {
      if (i >= sql.length) {
        return this.fail(pos, kind === "string" ? "an unterminated string" : "an unterminated quoted name");
      }
      const ch = sql.charAt(i);
      if (backslash && ch === "\\") {
        i += 2;
      } else if (ch === close && doubling && sql.charAt(i + 1) === close) {
        if (keep) content += close;
        i += 2;
      } else if (ch === close) {
        break;
      } else {
        if (keep) content += ch;
        i++;
      }
    }
    this.push(kind, pos, i + 1, content);
  }

  /** PostgreSQL: a $tag$ dollar-quoted string, a $1 parameter or a lone $. */
  private dollar() {
    const { sql, pos } = this;
    DOLLAR_TAG.lastIndex = pos;
    const tag = DOLLAR_TAG.exec(sql)?.[0];
    if (tag !== undefined) {
      const close = sql.indexOf(tag, pos + tag.length);
      if (close < 0) return this.fail(pos, `an unterminated ${tag} string`);
      return this.push("string", pos, close + tag.length, "");
    }
    let i = pos + 1;
    while (isDigit(sql.charCodeAt(i))) i++;
    this.push(i > pos + 1 ? "number" : "symbol", pos, i, sql.slice(pos, i));
  }

  /**
   * SQLite: a $name, @name, :name or #name parameter, read as SQLite does, including the
   * Tcl forms `$a::b` and `$a(...)` whose parentheses hold anything up to a space or `)`.
   * Answers false when the character starts no parameter.
   */
  private sqliteVariable(): boolean {
    const { sql, pos } = this;
    let i = pos + 1;
    let named = 0;
    while (i < sql.length) {
      const cp = sql.codePointAt(i) ?? 0;
      if (cp >= 0x80 || isAsciiLetter(cp) || isDigit(cp) || cp === 95 || cp === 36) {
        named++;
        i += cp > 0xffff ? 2 : 1;
      } else if (cp === 40 && named > 0) {
        while (i < sql.length && !isAsciiSpace(sql.charCodeAt(i)) && sql.charAt(i) !== ")") i++;
        if (sql.charAt(i) !== ")") {
          this.fail(pos, "an unterminated ( in a parameter name");
          return true;
        }
        i++;
        break;
      } else if (cp === 58 && sql.charAt(i + 1) === ":") {
        i += 2;
      } else {
        break;
      }
    }
    if (named === 0) return false;
    this.push("number", pos, i, sql.slice(pos, i));
    return true;
  }

  private number() {
    NUMBER.lastIndex = this.pos;
    NUMBER.exec(this.sql);
    this.push("number", this.pos, NUMBER.lastIndex, this.sql.slice(this.pos, NUMBER.lastIndex));
  }

  private isWordStart(cp: number): boolean {
    if (isAsciiLetter(cp) || cp === 95) return true;
    if (cp >= 0x80) return !isConfusable(cp);
    if (this.dialect === "mysql") return cp === 36; // $
    return this.dialect === "mssql" && (cp === 64 || cp === 35); // @variable, #temp
  }

  private isWordPart(cp: number): boolean {
    return this.isWordStart(cp) || isDigit(cp) || cp === 36;
  }

  private word() {
    const { sql, pos, dialect } = this;
    let i = pos;
    for (let cp = sql.codePointAt(i); cp !== undefined && this.isWordPart(cp); cp = sql.codePointAt(i)) {
      i += cp > 0xffff ? 2 : 1;
    }
    const word = sql.slice(pos, i);
    const after = sql.charAt(i);
    const letter = word.length === 1 ? word.toUpperCase() : "";
    if (after === "'" && letter === "E" && dialect === "postgresql") {
      this.pos = i;
      return this.quoted("string", "'", true); // E'...' always reads backslash escapes
    }
    if (after === "'" && (letter === "X" || (letter === "B" && dialect !== "sqlite")) && dialect !== "mssql") {
      return this.hexString(i);
    }
    this.push("word", pos, i, word);
    if (letter === "U" && dialect === "postgresql" && sql.startsWith('&"', i)) {
      this.push("symbol", i, i + 1, "&");
      this.pos = i + 1;
      this.quoted("quoted", '"', false);
      const name = this.tokens.at(-1);
      // U&"\0070g_read_file" would hide a refused function name behind escapes.
      if (name?.kind === "quoted" && name.text.includes("\\")) this.fail(i - 1, 'a Unicode-escaped name (U&"...")');
    }
  }

  /** X'...' and B'...': only hex digits may stand between the quotes, so no escape rule matters. */
  private hexString(quoteAt: number) {
    HEX_DIGITS.lastIndex = quoteAt + 1;
    HEX_DIGITS.exec(this.sql);
    const end = HEX_DIGITS.lastIndex;
    if (this.sql.charAt(end) !== "'") return this.fail(this.pos, "a malformed hex or bit string");
    this.push("string", this.pos, end + 1, "");
  }

  /** Symbols, and the characters no engine agrees on. */
  private other(cp: number) {
    const { pos } = this;
    const size = cp > 0xffff ? 2 : 1;
    if (cp >= 0x80 || cp < 32 || cp === 127) {
      const what = cp < 0x80 ? "control character" : "character";
      return this.push(
        "bad",
        pos,
        pos + size,
        `the ${what} ${hex(cp)} outside a string (only ASCII spaces separate words)`,
      );
    }
    // Not fatal: where the comment ends is still known, and a refused word after the ; says more.
    if (cp === 59 && this.execStart >= 0) return this.push("bad", pos, pos + 1, "a ; inside a /*! ... */ comment");
    this.push("symbol", pos, pos + 1, String.fromCharCode(cp));
  }

  /** Every string, name and comment inside an executable comment must not hold the `*` `/` that may end it. */
  private push(kind: SqlToken["kind"], start: number, end: number, text: string) {
    if (this.execStart >= 0 && kind !== "bad" && this.sql.slice(start, end).includes("*/")) {
      return this.fail(start, "a string holding */ inside a /*! ... */ comment");
    }
    this.tokens.push({ kind, start, end, text });
    this.pos = end;
  }

  private fail(start: number, text: string) {
    this.tokens.push({ kind: "bad", start, end: this.sql.length, text });
    this.stopped = true;
    this.pos = this.sql.length;
  }
}
