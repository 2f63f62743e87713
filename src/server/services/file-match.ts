/**
 * How well a file name matches a search query (docs/server-api.md "Files": exact match, starts
 * with, word match, substring, subsequence, best first). Case is ignored. The score tiers
 * are far apart so that a client may sort or threshold on them.
 */
export const MATCH_SCORES = {
  /** The whole name, or the name without its extension: `sales` for `Sales.csv`. */
  exact: 100,
  /** `sal` for `sales_2024.csv`. */
  startsWith: 80,
  /** At a word start inside the name: after `_ - . space` or another non-alphanumeric, a digit/letter change, or a lower→upper case change (`2024` or `report` in `sales_2024_report.csv`, `Report` in `salesReport.csv`). */
  word: 60,
  /** Anywhere: `les` in `sales.csv`. */
  substring: 40,
  /** Its characters in order, with gaps: `sls` in `sales.csv`. */
  subsequence: 20,
} as const;

/** The score of `name` for `query` (already trimmed, not empty), or undefined when it does not match. */
export function matchScore(name: string, query: string): number | undefined {
  const n = name.toLowerCase();
  const q = query.toLowerCase();
  const dot = n.lastIndexOf(".");
  const stem = dot > 0 ? n.slice(0, dot) : n;
  if (n === q || stem === q) return MATCH_SCORES.exact;
  if (n.startsWith(q)) return MATCH_SCORES.startsWith;
  let at = n.indexOf(q, 1);
  if (at < 0) return isSubsequence(n, q) ? MATCH_SCORES.subsequence : undefined;
  // Lower-casing may change the length of some letters (İ); then case changes are not used.
  const original = name.length === n.length ? name : n;
  while (at > 0) {
    if (isWordStart(original, at)) return MATCH_SCORES.word;
    at = n.indexOf(q, at + 1);
  }
  return MATCH_SCORES.substring;
}

/** Does a word start at `i` of `name` (its original case)? */
function isWordStart(name: string, i: number): boolean {
  const before = name[i - 1] ?? "";
  const here = name[i] ?? "";
  if (!isAlnum(before)) return true;
  if (isDigit(before) !== isDigit(here)) return true;
  return isLower(before) && isUpper(here);
}

function isSubsequence(text: string, query: string): boolean {
  let from = 0;
  for (const ch of query) {
    const at = text.indexOf(ch, from);
    if (at < 0) return false;
    from = at + ch.length;
  }
  return true;
}

const isDigit = (c: string) => c >= "0" && c <= "9";
const isAlnum = (c: string) => /[\p{L}\p{N}]/u.test(c);
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
