import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ValidationError } from "../../shared/errors";
import { checkReadOnlySql, type SqlDialect } from "./sql-policy";
import { REFUSED_FUNCTIONS, REFUSED_WORDS } from "./sql-refused";

// Property tests: whatever the text, the policy answers a statement or a ValidationError (a
// hang fails the test by its timeout); a refused word or function is refused outside a string
// literal and passes inside one. Time is compared only within one run (linear growth), never
// against a fixed budget, which a busy machine would break.

const DIALECTS: readonly SqlDialect[] = ["postgresql", "mysql", "sqlite", "mssql"];
/** Each property takes well under a second here; the margin is for slower machines. */
const PROPERTY_TIMEOUT_MS = 30_000;
/** Runs the policy; fails on anything thrown but a ValidationError. */
function answerOf(sql: string, dialect: SqlDialect): string | ValidationError {
  try {
    return checkReadOnlySql(sql, dialect);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw new Error(`${JSON.stringify(sql)} threw ${String(error)}`);
    return error;
  }
}

/** The fastest of three calls of `work`, in ms, each after a garbage collection (a full one if `full`). */
function fastest(work: () => void, full: boolean): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    Bun.gc(full);
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Pieces that stress the lexer: every quote, comment and escape form of the four dialects. */
const PIECES = [
  ...["SELECT", "select", "WITH", "FROM", "t", "DROP", "delete", "INTO", "FOR", "SHARE", "SET", "CHARACTER"],
  ...["'", '"', "`", "[", "]", "$$", "$a$", "$1", "E'", "N'", "x'", 'U&"', "\\", "''", "\\'", '""'],
  ...["/*", "*/", "/*!", "/*+", "/*M!", "--", "-- ", "#", "\n", "\r", "\r\n", ";", "(", ")", ",", ".", "1"],
  ...[" ", "\t", "\u00a0", "\u200b", "\ufeff", "\u3000", "é", "😀", "\ud800", "$a(", "@x", ":p", "pg_sleep"],
];
/** Piece soups, half of them after a SELECT so that many pass and the answers get checked too. */
const pieceSoup = fc
  .tuple(fc.constantFrom("", "SELECT "), fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }))
  .map(([head, pieces]) => head + pieces.join(""));
const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), pieceSoup);

describe("random text", () => {
  for (const dialect of DIALECTS) {
    test(
      `${dialect}: answers a statement or a ValidationError; an answer is stable`,
      () => {
        fc.assert(
          fc.property(anyText, (sql) => {
            const answer = answerOf(sql, dialect);
            if (answer instanceof ValidationError) {
              expect(answer.message).toMatch(/^Refused SQL: .+ at \d+:\d+/);
              return;
            }
            // The answer is the text's start, and checking it again answers it unchanged.
            expect(sql.trimStart().startsWith(answer)).toBe(true);
            expect(answerOf(answer, dialect)).toBe(answer);
          }),
          { numRuns: 3000 },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }

  test(
    "a long hostile text is answered in linear time: once 128,000 characters takes about what 32 times 4,000 do",
    () => {
      for (const dialect of DIALECTS) {
        for (const unit of ["/*", "$a", "''", "'\\", "\u00a0", "a(", "/*!", "[", "-- x\r"]) {
          const text = (chars: number) => `SELECT ${unit.repeat(Math.floor(chars / unit.length))}`;
          const [short, long] = [text(4_000), text(128_000)];
          // Read, not refused unread for its length (MAX_SQL_LENGTH).
          expect(String(answerOf(long, dialect))).not.toContain("characters (at most");
          // Linear work gives about 1 (measured at most 2.5, 4.2 with both cores busy: the
          // long text's tokens make garbage), quadratic work 32 (a line comment searched to the
          // end once per comment measured 11.5 to 13, which texts of 480,000 characters and
          // more hid behind the processor's cache). No retry: 6 is far from both.
          const ratio =
            fastest(() => answerOf(long, dialect), true) /
            fastest(() => {
              for (let i = 0; i < 32; i++) answerOf(short, dialect);
            }, false);
          expect(ratio, `${dialect} ${JSON.stringify(unit)}`).toBeLessThan(6);
        }
      }
    },
    PROPERTY_TIMEOUT_MS,
  );
});

/** A refusal to provoke: the text to write and the name the message must show. */
interface Provocation {
  text: string;
  shows: string;
}

/** Every refused word and function of `dialect`, written so that its context rule refuses it. */
function provocations(dialect: SqlDialect): Provocation[] {
  const words = REFUSED_WORDS.filter((entry) => !entry.only || entry.only.includes(dialect)).map((entry) => {
    const follower = entry.before?.[0] === "'" ? "'x'" : (entry.before?.[0] ?? "");
    const text = [...(entry.after ?? []), entry.word, follower].filter(Boolean).join(" ");
    return { text, shows: entry.display ?? entry.word };
  });
  // OPENROWSET and its kin are refused words too; the word is what the message names.
  const asWords = new Set(words.map((word) => word.shows));
  const called = REFUSED_FUNCTIONS.filter((fn) => fn.only.includes(dialect) && !asWords.has(fn.name.toUpperCase()));
  const functions = called.map((fn) => {
    const name = fn.prefix ? `${fn.name}x` : fn.name;
    return { text: `${name}(1)`, shows: name };
  });
  return [...words, ...functions];
}

/** Random letter case: engines match keywords and function names case-insensitively. */
const recase = (text: string, mask: readonly boolean[]): string =>
  [...text].map((ch, i) => (mask[i % mask.length] ? ch.toUpperCase() : ch.toLowerCase())).join("");

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/).map((text) => `c_${text}`);
/** String content that needs no escaping in any dialect or reading: no quote, backslash or NUL. */
const content = fc.string({ unit: "grapheme", maxLength: 12 }).filter((text) => !/['\\\0]/.test(text));

/** A SELECT of 1-4 columns, from a table, with the piece in a WHERE clause. */
const select = fc.record({
  columns: fc.array(name, { minLength: 1, maxLength: 4 }),
  table: name,
  column: name,
  before: content,
  after: content,
  mask: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
  place: fc.integer({ min: 0, max: 3 }),
});

describe("a refused word or function in a random SELECT", () => {
  for (const dialect of DIALECTS) {
    const all = provocations(dialect);
    test(
      `${dialect}: passes inside a string literal, is refused outside`,
      () => {
        fc.assert(
          fc.property(fc.constantFrom(...all), select, (provocation, query) => {
            const { columns, table, column, before, after, mask, place } = query;
            const text = recase(provocation.text, mask);
            const head = `SELECT ${columns.join(", ")} FROM ${table}`;
            const inside = `${head} WHERE ${column} = '${before}${text}${after}'`;
            expect(answerOf(inside, dialect)).toBe(inside);
            const outside = [
              `${head} WHERE ${column} = 1 ${text}`,
              `SELECT ${columns.join(", ")}, ${text} FROM ${table}`,
              `WITH ${column} AS (${text} ${table}) ${head}`,
              `${head}; ${text}`,
            ][place];
            const answer = answerOf(outside ?? "", dialect);
            expect(answer).toBeInstanceOf(ValidationError);
            expect((answer as ValidationError).message).toContain(`Refused SQL: ${provocation.shows} at `);
          }),
          { numRuns: 2000 },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});

// A differential test against a real engine: SQLite runs every statement of the text it is
// given (bun's run()), so text the policy lets through must leave the database unchanged.
// Every text "SELECT 1 <up to 4 tricks>;DELETE FROM t;<a closer>" is tried: each trick opens
// or ends a string, name or comment, so any place where the lexer and SQLite disagree on
// where one ends and the disagreement hides the DELETE from the policy shows up here.
const TRICKS = ["'", '"', "`", "[", "]", "--", "/*", "*/", "\r", "\n", "$a(", ")"];
const CLOSERS = ["", "'", '"', "`", "]", "*/", ")", "\n"];

/** Every concatenation of exactly `length` pieces of `alphabet`. */
function* sequences(alphabet: readonly string[], length: number): Generator<string> {
  if (length === 0) {
    yield "";
    return;
  }
  for (const head of sequences(alphabet, length - 1)) for (const piece of alphabet) yield head + piece;
}

/** A database with one table of one row; answers a fingerprint of everything a write could change. */
function probe(): { db: Database; state: () => string } {
  const db = new Database(":memory:");
  db.run("CREATE TABLE t (a); INSERT INTO t VALUES (1)");
  const state = () =>
    JSON.stringify([
      db.query("SELECT a FROM t").all(),
      db.query("SELECT name, sql FROM sqlite_master").all(),
      db.query("SELECT name FROM pragma_database_list").all(),
    ]);
  return { db, state };
}

test(
  "sqlite: text the policy passes changes nothing when SQLite runs all of it",
  () => {
    const { db, state } = probe();
    const before = state();
    let passed = 0;
    // "SELECT $a(')" is a whole statement to SQLite; "SELECT 1 $a(')" a syntax error.
    const cases = [
      { head: "SELECT 1 ", maxLength: 4 },
      { head: "SELECT ", maxLength: 3 },
    ];
    for (const { head, maxLength } of cases) {
      for (let length = 0; length <= maxLength; length++) {
        for (const tricks of sequences(TRICKS, length)) {
          for (const closer of CLOSERS) {
            const sql = `${head}${tricks};DELETE FROM t;${closer}`;
            const answer = answerOf(sql, "sqlite");
            if (answer instanceof ValidationError) continue;
            passed++;
            try {
              db.run(sql);
            } catch {
              // SQLite refusing the text is fine as long as it ran nothing before: checked below.
            }
            if (state() !== before) throw new Error(`the policy passed ${JSON.stringify(sql)}, which wrote`);
          }
        }
      }
    }
    // Enough texts passed for the comparison to mean something.
    expect(passed).toBeGreaterThan(1000);
    db.close();
  },
  PROPERTY_TIMEOUT_MS,
);
