import { z } from "@hono/zod-openapi";

/**
 * The body and answer shapes shared by the Hub's named records (user groups, grant groups):
 * `{name, description?}` in, the record with its `id` and timestamps out.
 */
export const RecordName = z.string().trim().min(1, "must not be empty").max(100, "at most 100 characters");
export const RecordDescription = z.string().trim().max(1000, "at most 1000 characters").nullable().optional();

export const NamedCreateSchema = z.object({ name: RecordName, description: RecordDescription }).strict();
export const NamedUpdateSchema = z
  .object({ name: RecordName.optional(), description: RecordDescription })
  .strict()
  .refine((b) => b.name !== undefined || b.description !== undefined, "give a name or a description to change");
export type NamedCreate = z.infer<typeof NamedCreateSchema>;
export type NamedUpdate = z.infer<typeof NamedUpdateSchema>;

export const NamedRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.string().openapi({ format: "date-time" }),
  updated_at: z.string().openapi({ format: "date-time" }),
});
export type NamedRecord = z.infer<typeof NamedRecordSchema>;

/** A named record as another record lists it. */
export const NamedRefSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable() });

export interface NamedRow {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function namedBody(row: NamedRow): NamedRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
