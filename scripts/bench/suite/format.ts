/** How the report writes numbers: few digits, enough to compare. */

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 100) return `${Math.round(ms)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** "790–850 ms": the unit once when both ends share it ("9421 ms–12.3 s" when they do not). */
export function formatRange(min: number, max: number): string {
  const low = formatMs(min);
  const high = formatMs(max);
  const unit = (text: string) => text.slice(text.lastIndexOf(" "));
  return unit(low) === unit(high) ? `${low.slice(0, -unit(low).length)}–${high}` : `${low}–${high}`;
}

export function formatMb(mb: number | undefined): string {
  if (mb === undefined || !Number.isFinite(mb)) return "–";
  return mb >= 10_240 ? `${(mb / 1024).toFixed(1)} GiB` : `${Math.round(mb)} MiB`;
}

export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return "–";
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}x`;
}

/** A table cell: pipes and line breaks would break the row. */
export function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll(/\s*\n\s*/g, " ");
}
