import { z } from "zod";

/** Reader options (decisions.md `input`); a format ignores what it has no use for. */
export const ReadOptionsSchema = z.strictObject({
  delimiter: z.string().min(1).max(2).optional(),
  has_header: z.boolean().optional(),
  sheet: z.union([z.string(), z.number().int().min(0)]).optional(),
  skip_rows: z.number().int().min(0).optional(),
  encoding: z.string().optional(),
  infer_schema_length: z.number().int().min(0).optional(),
  quote_char: z.string().max(1).optional(),
  parse_dates: z.boolean().optional().describe("CSV: read ISO dates and date-times as dates (slower)"),
});

const FILE_TYPES = ["avro", "csv", "excel", "ipc", "json", "ods", "parquet", "qvd", "yxdb"] as const;
const DATABASE_TYPES = ["postgresql", "mysql", "sqlite", "mssql"] as const;

/** A file: its path, and its type when the extension does not tell. */
export const FileInputSchema = z.strictObject({
  source: z.string().min(1).describe("Absolute path of the file"),
  source_type: z.enum(FILE_TYPES).optional(),
  options: ReadOptionsSchema.optional(),
});

/** A database table or read-only query, through a connection. */
export const DatabaseInputSchema = z.strictObject({
  source_type: z.enum(DATABASE_TYPES),
  connection_id: z.string().optional(),
  connection: z.strictObject({ uri: z.string().min(1) }).optional(),
  query: z.string().optional(),
  table: z.string().optional(),
});

export type DatabaseInput = z.infer<typeof DatabaseInputSchema>;

export const InputConfigSchema = z.union([FileInputSchema, DatabaseInputSchema]);
export type InputConfig = z.infer<typeof InputConfigSchema>;

export function isDatabaseInput(config: InputConfig): config is DatabaseInput {
  return (DATABASE_TYPES as readonly string[]).includes(config.source_type ?? "");
}
