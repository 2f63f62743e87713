import { z } from "@hono/zod-openapi";
import { NamedCreateSchema, NamedRecordSchema, NamedRefSchema, NamedUpdateSchema } from "../named-schemas";
import { UserSchema } from "../users/schemas";

export const GroupSchema = NamedRecordSchema.openapi("Group");
export const GroupCreateSchema = NamedCreateSchema.openapi("GroupCreate");
export const GroupUpdateSchema = NamedUpdateSchema.openapi("GroupUpdate");
export const GroupListSchema = z.object({ groups: z.array(GroupSchema), total: z.number().int() }).openapi("GroupList");

export const MemberAddSchema = z
  .object({ user_id: z.string().min(1) })
  .strict()
  .openapi("GroupMemberAdd");
export const MemberListSchema = z
  .object({ users: z.array(UserSchema), total: z.number().int() })
  .openapi("GroupMembers");

export const GroupGrantGroupsSchema = z
  .object({ grant_groups: z.array(NamedRefSchema), total: z.number().int() })
  .openapi("GroupGrantGroups");

export const MemberParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" } }),
  user_id: z.string().openapi({ param: { name: "user_id", in: "path" } }),
});
export const GrantParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" } }),
  gg_id: z.string().openapi({ param: { name: "gg_id", in: "path" } }),
});
