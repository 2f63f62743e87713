import type { ZodError } from "zod";

/**
 * One readable line for a zod failure: `tools.0.type: Invalid input; ...` (first five
 * issues). `prefix` names what was parsed, e.g. `config` gives `config.column: ...`.
 */
export function describeZodError(error: ZodError, prefix?: string): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join(".");
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : "";
  return `${parts.join("; ")}${more}`;
}
