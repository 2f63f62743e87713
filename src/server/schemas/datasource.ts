import { z } from "@hono/zod-openapi";
import { FILE_FORMAT_TYPES } from "../../formats/catalog";
import { DatabaseInputSchema, ReadOptionsSchema } from "../../tools/input/schema";

/** The databases a source may be (the Input tool's). */
export const DATABASE_SOURCE_TYPES: readonly string[] = DatabaseInputSchema.shape.source_type.options;
/** Every source type, files first (`/api/datasource/supported`). */
export const SOURCE_TYPES = [...FILE_FORMAT_TYPES, ...DATABASE_SOURCE_TYPES];

/** A database source's connection and table or query, as a database Input's config gives them. */
const DatabaseConfig = DatabaseInputSchema.omit({ source_type: true });
const DATABASE_KEYS = Object.keys(DatabaseConfig.shape);

const Source = {
  source: z.string().optional().openapi({
    description: "Absolute path of the file; empty or absent for a database",
    example: "/data/sales.csv",
  }),
  source_type: z
    .enum(SOURCE_TYPES as [string, ...string[]])
    .optional()
    .openapi({
      description: `The format, detected from the content and the extension when absent; required for a database (${DATABASE_SOURCE_TYPES.join(", ")})`,
    }),
  config: ReadOptionsSchema.extend(DatabaseConfig.shape)
    .optional()
    .openapi({
      description:
        "A file's reader options (delimiter, has_header, sheet, ...), or a database's connection " +
        "(connection_id of a server-managed connection, or connection: {uri}) and table or read-only query",
      example: { connection_id: "c_1a2b3c", table: "public.sales" },
    }),
};

type SourceFields = { source?: string; source_type?: string; config?: Record<string, unknown> };

/** A file needs its path; a database's config holds only a connection and a table or query, a file's only reader options. */
function sourceRules({ source, source_type, config }: SourceFields, ctx: z.RefinementCtx): void {
  const database = DATABASE_SOURCE_TYPES.includes(source_type ?? "");
  if (!database && !source) ctx.addIssue({ code: "custom", path: ["source"], message: "A file source needs its path" });
  for (const key of Object.keys(config ?? {})) {
    if (database === DATABASE_KEYS.includes(key)) continue;
    const message = database
      ? `not an option of a database source (${DATABASE_KEYS.join(", ")})`
      : `only for a database source_type (${DATABASE_SOURCE_TYPES.join(", ")})`;
    ctx.addIssue({ code: "custom", path: ["config", key], message });
  }
}

export const InspectRequest = z.strictObject(Source).superRefine(sourceRules).openapi("DataSourceInspectRequest");

const Column = z.object({ name: z.string(), dtype: z.string() });

export const InspectResponse = z
  .object({
    source: z.string(),
    source_type: z.string(),
    data_schema: z.object({ columns: z.array(Column), total_rows: z.number().int() }),
    validation: z.object({ errors: z.array(z.string()), warnings: z.array(z.string()) }),
    sheets: z
      .array(z.string())
      .optional()
      .openapi({ description: "A workbook's sheets (Excel, ODS), in the order the sheet option's index counts" }),
  })
  .openapi("DataSourceInspectResponse");

export const SourcePreviewRequest = z
  .strictObject({
    ...Source,
    options: z
      .strictObject({
        max_rows: z.number().int().min(0).optional().openapi({ description: "Default 100; at most MAX_PREVIEW_ROWS" }),
        offset: z.number().int().min(0).optional(),
        columns: z.array(z.string()).min(1).optional().openapi({ description: "A subset of columns, in this order" }),
      })
      .optional(),
  })
  .superRefine(sourceRules)
  .openapi("DataSourcePreviewRequest");

export const SourcePreviewResponse = z
  .object({
    source: z.string(),
    source_type: z.string(),
    columns: z.array(z.string()),
    dtypes: z.array(z.string()).openapi({ description: "Each column's dtype, in the order of columns" }),
    data: z.array(z.array(z.unknown())),
    total_rows: z.number().int(),
    preview_rows: z.number().int(),
  })
  .openapi("DataSourcePreviewResponse");

export const SupportedResponse = z
  .object({ source_types: z.array(z.string()), file_extensions: z.array(z.string()) })
  .openapi("DataSourceSupported");

export type DatasourceInspectRequest = z.input<typeof InspectRequest>;
export type DatasourceInspect = z.infer<typeof InspectResponse>;
export type DatasourceSupported = z.infer<typeof SupportedResponse>;
/** A file source's reader options (the Input tool's `options`, a file's `config` here). */
export type ReadOptions = z.input<typeof ReadOptionsSchema>;
