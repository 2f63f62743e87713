import type { ZodError } from "zod";

type Issue = ZodError["issues"][number];

/**
 * One readable line for a zod failure: `tools.0.type: Invalid input; ...` (first five
 * issues). `prefix` names what was parsed, e.g. `config` gives `config.column: ...`.
 */
export function describeZodError(error: ZodError, prefix?: string): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join(".");
    const message = plainMessage(issue);
    return where ? `${where}: ${message}` : message;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : "";
  return `${parts.join("; ")}${more}`;
}

/**
 * An issue in words for the person who filled in the setting: zod says an empty text or
 * list is "Too small: expected string to have >=1 characters".
 */
function plainMessage(issue: Issue): string {
  if (issue.code === "too_small" && Number(issue.minimum) === 1 && issue.inclusive !== false) {
    if (issue.origin === "string") return "must not be empty";
    if (issue.origin === "array" || issue.origin === "set") return "needs at least one item";
  }
  return issue.message;
}
