/**
 * A run's log, bounded: the first `maxLines` lines are kept (what happened first explains
 * most failures), later ones only counted, and the stored log says how many were dropped.
 */
export class RunLog {
  private readonly lines: string[] = [];
  private dropped = 0;

  constructor(
    private readonly maxLines: number,
    private readonly clock: () => Date,
  ) {}

  /** Adds a line; answers it as kept (with its time), or undefined when over the bound. */
  add(message: string): string | undefined {
    if (this.lines.length >= this.maxLines) {
      this.dropped++;
      return undefined;
    }
    const line = `${this.clock().toISOString()} ${message}`;
    this.lines.push(line);
    return line;
  }

  text(): string {
    const tail = this.dropped > 0 ? [`(${this.dropped} more lines not kept: the log keeps ${this.maxLines})`] : [];
    return `${[...this.lines, ...tail].join("\n")}\n`;
  }
}
