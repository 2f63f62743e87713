/**
 * Issue 20's targets for the latency scenarios, read against Weft's median (and the
 * hand-written baseline's, for a ratio). Printed beside the figures; never asserted in a
 * test, since absolute times depend on the machine.
 */
export interface Target {
  scenario: string;
  /** Which of the scenario's variants it is about; all when absent. */
  variant?: RegExp;
  words: string;
  met(weftMs: number, baselineMs: number | undefined): boolean;
}

export const LATENCY_TARGETS: readonly Target[] = [
  // The "100 filtered rows": the kept rows (the variant with both outputs is the designer's default, shown beside).
  { scenario: "preview", variant: /rows, (CSV|Parquet)$/, words: "< 30 ms warm", met: (ms) => ms < 30 },
  { scenario: "re-preview", variant: /HTTP/, words: "< 10 ms", met: (ms) => ms < 10 },
  { scenario: "inspect", variant: /Parquet/, words: "< 20 ms", met: (ms) => ms < 20 },
  {
    scenario: "profile",
    words: "≤ 1.5x hand-written",
    met: (ms, base) => base !== undefined && ms / base <= 1.5,
  },
  { scenario: "fixed-cost", words: "< 10 ms", met: (ms) => ms < 10 },
];

/** The target for a scenario's variant, if the issue sets one. */
export function targetFor(scenario: string, variant: string): Target | undefined {
  return LATENCY_TARGETS.find((t) => t.scenario === scenario && (!t.variant || t.variant.test(variant)));
}
