import { z } from "@hono/zod-openapi";
import { NamedCreateSchema, NamedRecordSchema, NamedRefSchema, NamedUpdateSchema } from "../named-schemas";

/** A connection as a grant group lists it: metadata only, never settings or credentials. */
export const ConnectionRefSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(["database", "filesystem"]),
    description: z.string().nullable(),
  })
  .openapi("GrantedConnection");

export const GrantGroupSchema = NamedRecordSchema.openapi("GrantGroup");
export const GrantGroupDetailSchema = NamedRecordSchema.extend({
  connections: z.array(ConnectionRefSchema),
  user_groups: z.array(NamedRefSchema),
}).openapi("GrantGroupDetail");
export const GrantGroupCreateSchema = NamedCreateSchema.openapi("GrantGroupCreate");
export const GrantGroupUpdateSchema = NamedUpdateSchema.openapi("GrantGroupUpdate");
export const GrantGroupListSchema = z
  .object({ grant_groups: z.array(GrantGroupSchema), total: z.number().int() })
  .openapi("GrantGroupList");
export const GrantGroupUserGroupsSchema = z
  .object({ groups: z.array(NamedRefSchema), total: z.number().int() })
  .openapi("GrantGroupUserGroups");

export const ConnectionParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" } }),
  conn_id: z.string().openapi({ param: { name: "conn_id", in: "path" } }),
});
