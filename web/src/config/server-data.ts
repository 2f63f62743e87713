import type { ApiClient, Connection, FunctionLists } from "../lib/api";
import type { JsonSchema } from "./json-schema";

/**
 * What the configuration forms read from the Server once per page: each tool type's config
 * schema, the expression functions and the readable file extensions. Each is asked for once
 * per client and shared; a failed request is asked again next time.
 */

interface Asked {
  schemas: Map<string, Promise<JsonSchema>>;
  functions: () => Promise<FunctionLists>;
  extensions: () => Promise<string[]>;
}

const byClient = new WeakMap<ApiClient, Asked>();

function askedOf(api: ApiClient): Asked {
  let asked = byClient.get(api);
  if (!asked) {
    asked = {
      schemas: new Map(),
      functions: once(api.functions),
      extensions: once(async () => (await api.datasourceSupported()).file_extensions),
    };
    byClient.set(api, asked);
  }
  return asked;
}

/** The JSON schema of a tool type's config (fetched once per type). */
export function toolSchema(api: ApiClient, type: string): Promise<JsonSchema> {
  const schemas = askedOf(api).schemas;
  let pending = schemas.get(type);
  if (!pending) {
    pending = api.toolSchema(type) as Promise<JsonSchema>;
    schemas.set(type, pending);
    pending.catch(() => schemas.delete(type));
  }
  return pending;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const loading = load();
      pending = loading;
      loading.catch(() => {
        if (pending === loading) pending = undefined;
      });
    }
    return pending;
  };
}

/** The functions and methods expressions may use (GET /api/polars/functions). */
export const expressionFunctions = (api: ApiClient): Promise<FunctionLists> => askedOf(api).functions();

/** The file extensions Input can read (GET /api/datasource/supported). */
export const readableExtensions = (api: ApiClient): Promise<string[]> => askedOf(api).extensions();

/** The Server's stored database connections; an empty list when the feature is off. */
export async function listConnections(api: ApiClient): Promise<{ connections: Connection[]; note?: string }> {
  try {
    // Asked only where the Server has them on (a disabled feature answers 503).
    const info = await api.info();
    if (!info.features.connections) return { connections: [], note: "this Server keeps no connections" };
    return { connections: await api.connections() };
  } catch (err) {
    return { connections: [], note: (err as Error).message };
  }
}

/** One parameter of a Formula catalogue function (the `x-weft-catalogue` of the formula schema). */
export interface CatalogueParam {
  name: string;
  label: string;
  kind: "column" | "value" | "either";
  type: string;
  optional?: boolean;
  default?: string | number | boolean;
  repeat?: { min: number };
  min?: number;
  text?: "char" | "nonempty";
  nullable?: boolean;
}

/** A Formula catalogue function. */
export interface CatalogueFunction {
  name: string;
  label: string;
  category: string;
  description: string;
  params: CatalogueParam[];
  returns: string | { same_as: string };
}

/** The no-code catalogue served with the formula tool's schema. */
export function catalogueOf(schema: JsonSchema | undefined): CatalogueFunction[] {
  const list = schema?.["x-weft-catalogue"];
  return Array.isArray(list) ? (list as CatalogueFunction[]) : [];
}
