/**
 * Where a Server error about a tool belongs: the Server's 400 `detail` names the tool and,
 * often, the field (`Tool "calc_1", columns[1] ("b"): ...`, `Tool "f_1", expression: ...`,
 * `Tool "x" (calculate): config.columns.0.expression: ...`). The forms show a message under
 * the field it names, or above the form otherwise; an error of an upstream tool is told apart.
 */

export interface PlacedError {
  message: string;
  /** A dotted config path (`expression`, `columns.1`, `columns.0.expression`), when the detail names one. */
  field?: string;
  /** The id of the upstream tool the error is about, when it is not this tool. */
  upstream?: string;
}

export function placeError(detail: string, toolId: string): PlacedError {
  const tool = /^Tool "((?:[^"\\]|\\.)*)"(?: \([^)]*\))?[,:]?\s*([\s\S]*)$/.exec(detail);
  if (!tool) return { message: detail };
  const id = tool[1] as string;
  const rest = tool[2] as string;
  if (id !== toolId) return { message: rest || detail, upstream: id };
  let m = /^config\.([\w.]+): ([\s\S]*)$/.exec(rest);
  if (m) return { field: m[1], message: m[2] as string };
  m = /^(\w+)\[(\d+)\](?: \("(?:[^"\\]|\\.)*"\))?: ([\s\S]*)$/.exec(rest);
  if (m) return { field: `${m[1]}.${m[2]}`, message: m[3] as string };
  m = /^(expression): ([\s\S]*)$/.exec(rest);
  if (m) return { field: m[1], message: m[2] as string };
  return { message: rest };
}

/** Whether an error placed at `field` belongs to the form field `path` (itself or inside it). */
export function isAt(error: PlacedError | undefined, path: string): boolean {
  return error?.field !== undefined && (error.field === path || error.field.startsWith(`${path}.`));
}

/**
 * A Server error about `toolId` in a person's words where no field shows it (its badge, the
 * Run tab): the `Tool "x" (type):` prefix left out (the tool is named beside it) and a config
 * path said as words (`left_on` → "left on", `columns.0.expression` → "columns #1
 * expression"). An error naming another tool (one upstream) stays as it is.
 */
export function readableError(detail: string, toolId: string | undefined): string {
  const placed = toolId === undefined ? { message: detail } : placeError(detail, toolId);
  if (placed.upstream) return detail;
  if (!placed.field) return placed.message;
  const words = placed.field
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : part.replace(/_/g, " ")))
    .join(" ");
  return `${words}: ${placed.message}`;
}
