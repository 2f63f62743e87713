import { z } from "@hono/zod-openapi";
import { ROLES } from "../../shared/roles";
import { MAX_PASSWORD_LENGTH } from "../auth/passwords";

/**
 * Usernames are compared case-insensitively: they are stored trimmed and lower-cased, so
 * "Ann" and "ann" are one account (one person would otherwise hold two look-alike names,
 * and login would depend on how the caps lock stood). Letters, digits and `. _ - @`.
 */
export const Username = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "must not be empty")
  .max(64, "at most 64 characters")
  .regex(/^[a-z0-9][a-z0-9._@-]*$/, "letters, digits and . _ - @ only, starting with a letter or digit")
  .openapi({ example: "ann" });

/** Length is checked by the service (passwordProblem), so the message never varies by schema. */
export const Password = z.string().max(MAX_PASSWORD_LENGTH).openapi({ format: "password" });

export const Email = z.email().max(254).nullable().optional().openapi({ example: "ann@example.com" });

export const RoleSchema = z.enum(ROLES).openapi("Role");

export const UserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    role: RoleSchema,
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
    last_login_at: z.string().nullable().openapi({ format: "date-time" }),
    disabled_at: z.string().nullable().openapi({
      format: "date-time",
      description: "Set while an administrator has the account disabled: it cannot sign in or run anything",
    }),
  })
  .openapi("User");
export type UserBody = z.infer<typeof UserSchema>;

export const UserListSchema = z.object({ users: z.array(UserSchema), total: z.number().int() }).openapi("UserList");

export const UserCreateSchema = z
  .object({ username: Username, email: Email, password: Password, role: RoleSchema })
  .openapi("UserCreate");
export type UserCreate = z.infer<typeof UserCreateSchema>;

export const UserUpdateSchema = z
  .object({
    email: Email,
    role: RoleSchema.optional(),
    /** An administrator's reset: the account's sessions all end. */
    password: Password.optional(),
    /** Disable (its sessions end; no sign-in, no run) or enable the account again. */
    disabled: z.boolean().optional(),
  })
  .strict()
  .openapi("UserUpdate");
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

export const UserIdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/** A group as a user's membership lists it. */
export const UserGroupRefSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable() });
export const UserGroupsSchema = z
  .object({ groups: z.array(UserGroupRefSchema), total: z.number().int() })
  .openapi("UserGroups");

/** The row fields a user answer is made from. */
export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  role: (typeof ROLES)[number];
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
  disabledAt: Date | null;
}

export function userBody(row: UserRow): UserBody {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
  };
}
