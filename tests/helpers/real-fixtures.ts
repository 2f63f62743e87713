import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The folder of real files written by other software (`../shared/fixtures/real` beside the
 * checkout, or $WEFT_REAL_FIXTURES). Never copied into the project.
 */
export const REAL_FIXTURES = resolve(
  process.env.WEFT_REAL_FIXTURES ?? join(import.meta.dir, "..", "..", "..", "shared", "fixtures", "real"),
);

/** Whether the folder is there; tests skip with this reason when not. */
export const HAS_REAL_FIXTURES = existsSync(REAL_FIXTURES);
export const NO_REAL_FIXTURES_REASON = `real fixtures not found at ${REAL_FIXTURES} (set WEFT_REAL_FIXTURES)`;

/** The path of one real fixture, e.g. realFixture("qvd", "small.qvd"). */
export function realFixture(format: string, file: string): string {
  return join(REAL_FIXTURES, format, file);
}

/** Appended to a test's name: says why it is skipped, and nothing when it runs. */
export const SKIP_NOTE = HAS_REAL_FIXTURES ? "" : ` (skipped: ${NO_REAL_FIXTURES_REASON})`;
