/** How many examples a validation message shows before "and N more". */
export const SHOWN_EXAMPLES = 3;

/**
 * Counts occurrences of one problem and keeps the first few descriptions, so a message can
 * name some line numbers without growing with the file.
 */
export class Examples {
  count = 0;
  private readonly shown: string[] = [];

  /**
   * Counts one more occurrence, described by `text` (kept only while few are kept). A
   * function is called only then: a column's non-numbers are counted on every row, and
   * describing each one cost a fifth of a CSV's validation (CPU time for the benchmark's
   * sales file, first 10,000 records: 16 → 13 ms).
   */
  add(text: string | (() => string)): void {
    this.count++;
    if (this.shown.length < SHOWN_EXAMPLES) this.shown.push(typeof text === "function" ? text() : text);
  }

  /** `line 3, line 7, line 9 and 12 more`. */
  describe(): string {
    const more = this.count - this.shown.length;
    return more > 0 ? `${this.shown.join(", ")} and ${more} more` : joinAnd(this.shown);
  }
}

/** `a`, `a and b`, `a, b and c`. */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** `1 row` / `3 rows`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** A value quoted for a message, cut short when long. */
export function quoted(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}
