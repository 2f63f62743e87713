import { z } from "@hono/zod-openapi";
import { Email, Password, Username, UserSchema } from "../users/schemas";

export const RegisterSchema = z.object({ username: Username, password: Password, email: Email }).openapi("Register");
export type Register = z.infer<typeof RegisterSchema>;

/**
 * Login takes any text as the username (no format check): a name that could never exist
 * must get the same 401 as a wrong password, not a 400 that tells them apart.
 */
export const LoginSchema = z
  .object({
    username: z.string().max(256).trim().toLowerCase().openapi({ example: "ann" }),
    password: Password,
    email: z.string().optional().openapi({ description: "Ignored (register and login share a body)" }),
  })
  .openapi("Login");
export type Login = z.infer<typeof LoginSchema>;

export const SessionSchema = z
  .object({
    token: z.string().openapi({ description: "The bearer token: shown once, only its SHA-256 is kept" }),
    expires_at: z.string().openapi({ format: "date-time" }),
    user: UserSchema,
  })
  .openapi("Session");
export type SessionBody = z.infer<typeof SessionSchema>;

export const StatusSchema = z
  .object({
    needs_setup: z.boolean().openapi({ description: "No account exists yet: POST /auth/register makes the owner" }),
    authenticated: z.boolean(),
    user: UserSchema.optional(),
    server_here: z.literal(true).optional().openapi({
      description:
        "Present in `weft all` when its Server answers to this Hub: the web app sends the designer's requests to this origin",
    }),
  })
  .openapi("AuthStatus");

export const PasswordChangeSchema = z
  .object({ current_password: Password, new_password: Password })
  .openapi("PasswordChange");
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

export const PasswordChangedSchema = z
  .object({ sessions_ended: z.number().int().openapi({ description: "Your other sessions, now signed out" }) })
  .openapi("PasswordChanged");
