import { describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { checkReadOnlySql } from "./sql-policy";

// A differential test against a real PostgreSQL: text the policy lets through must not write
// when PostgreSQL runs all of it (the simple query protocol runs every statement), under
// both settings of standard_conforming_strings. Each text is
// "<head><up to 3 tricks>;DELETE FROM probe;<closer>", where a trick opens or ends a string,
// a quoted name or a comment: a place where the lexer and PostgreSQL disagree on where one
// ends, and the disagreement hides the DELETE, shows up as a write.

const TRICKS = ["'", '"', "E'", "$$", "$a$", "--", "/*", "*/", "\r", "\n", "\\", "U&'"];
const CLOSERS = ["", "'", '"', "$$", "$a$", "*/", "\n"];
/** A temporary table: private to the session, gone when it ends. */
const PROBE = "weft_policy_probe";

/** Every concatenation of exactly `length` tricks. */
function* sequences(length: number): Generator<string> {
  if (length === 0) {
    yield "";
    return;
  }
  for (const head of sequences(length - 1)) for (const trick of TRICKS) yield head + trick;
}

const pgUrl = process.env.WEFT_TEST_PG_URL;
describe.skipIf(!pgUrl)(`PostgreSQL${pgUrl ? "" : " (skipped: WEFT_TEST_PG_URL is not set; .ci/run sets it)"}`, () => {
  for (const conforming of ["on", "off"]) {
    test(`text the policy passes writes nothing (standard_conforming_strings ${conforming})`, async () => {
      const sql = new SQL({ url: String(pgUrl), max: 1 });
      try {
        await sql.unsafe(`SET standard_conforming_strings = ${conforming}`);
        await sql.unsafe(`CREATE TEMPORARY TABLE ${PROBE} (a int); INSERT INTO ${PROBE} VALUES (1)`);
        const rows = async (): Promise<number> => (await sql.unsafe(`SELECT count(*)::int AS n FROM ${PROBE}`))[0].n;
        // The harness can see a write: a stacked DELETE runs.
        await sql.unsafe(`SELECT 1; DELETE FROM ${PROBE}`);
        expect(await rows()).toBe(0);
        await sql.unsafe(`INSERT INTO ${PROBE} VALUES (1)`);
        let passed = 0;
        for (const head of ["SELECT 1 ", "SELECT "]) {
          for (let length = 0; length <= 3; length++) {
            for (const tricks of sequences(length)) {
              for (const closer of CLOSERS) {
                const text = `${head}${tricks};DELETE FROM ${PROBE};${closer}`;
                try {
                  checkReadOnlySql(text, "postgresql");
                } catch {
                  continue;
                }
                passed++;
                await sql.unsafe(text).catch(() => undefined); // PostgreSQL refusing it is fine
                if ((await rows()) !== 1) throw new Error(`the policy passed ${JSON.stringify(text)}, which wrote`);
              }
            }
          }
        }
        expect(passed).toBeGreaterThan(1000);
      } finally {
        await sql.close();
      }
    }, 120_000);
  }
});
