/**
 * Reading the JSON schemas the Server serves for tool configs
 * (GET /api/workflow/tool/{type}/schema): enums, defaults and the Formula catalogue. The
 * forms take their choices from here, so a new aggregate or join kind on the Server shows
 * up in the UI without a change.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [key: string]: unknown;
}

/** The branches a node stands for: itself and, recursively, its anyOf / oneOf branches. */
function branches(node: JsonSchema): JsonSchema[] {
  const out: JsonSchema[] = [node];
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) out.push(...branches(branch));
  return out;
}

/**
 * The schema of a property at a dotted path (`aggregations.function`), stepping into array
 * items and union branches on the way; the first branch that has the property wins.
 */
export function propertyAt(schema: JsonSchema | undefined, path: string): JsonSchema | undefined {
  let nodes: JsonSchema[] = schema ? [schema] : [];
  for (const segment of path.split(".")) {
    const next: JsonSchema[] = [];
    for (const node of nodes) {
      for (const branch of branches(node)) {
        const holder = branch.items && !branch.properties ? branch.items : branch;
        for (const inner of branches(holder)) {
          const found = inner.properties?.[segment];
          if (found) next.push(found);
        }
      }
    }
    if (next.length === 0) return undefined;
    nodes = next;
  }
  return nodes[0];
}

/** The allowed string values of a property (its enum, or the enums of its branches). */
export function enumAt(schema: JsonSchema | undefined, path: string): string[] {
  const node = propertyAt(schema, path);
  if (!node) return [];
  const values = new Set<string>();
  for (const branch of branches(node)) {
    for (const value of branch.enum ?? []) if (typeof value === "string") values.add(value);
    if (typeof branch.const === "string") values.add(branch.const);
  }
  return [...values];
}

/** A property's default, if the schema gives one. */
export function defaultAt(schema: JsonSchema | undefined, path: string): unknown {
  return propertyAt(schema, path)?.default;
}

/** A property's description (shown as a field's hint). */
export function descriptionAt(schema: JsonSchema | undefined, path: string): string | undefined {
  return propertyAt(schema, path)?.description;
}

/** Every enum of a property across the top-level branches of a union schema, by branch. */
export function enumsByBranch(schema: JsonSchema | undefined, property: string): string[][] {
  if (!schema) return [];
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map((branch) => enumAt(branch, property));
}
