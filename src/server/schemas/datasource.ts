import { z } from "@hono/zod-openapi";
import { FILE_FORMAT_TYPES } from "../../formats/catalog";
import { ReadOptionsSchema } from "../../tools/input/schema";

const Source = {
  source: z.string().min(1).openapi({ description: "Absolute path of the file", example: "/data/sales.csv" }),
  source_type: z
    .enum(FILE_FORMAT_TYPES as [string, ...string[]])
    .optional()
    .openapi({ description: "The format; detected from the content and the extension when absent" }),
  config: ReadOptionsSchema.optional().openapi({ description: "Reader options (delimiter, has_header, sheet, ...)" }),
};

export const InspectRequest = z.strictObject(Source).openapi("DataSourceInspectRequest");

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
