import { z } from "@hono/zod-openapi";

export const MAX_EVENTS_LIMIT = 1000;
const DEFAULT_EVENTS_LIMIT = 100;

const isoTime = (what: string) =>
  z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: `${what} must be an ISO 8601 date-time` })
    .transform((s) => new Date(s))
    .optional()
    .openapi({ description: `${what} (ISO 8601, inclusive)`, example: "2026-01-31T00:00:00Z" });

export const EventsQuery = z.object({
  actor_type: z.enum(["user", "server", "system"]).optional(),
  actor_id: z.string().min(1).optional().openapi({ description: "The acting user's or Server's id" }),
  action: z
    .string()
    .min(1)
    .optional()
    .openapi({ description: "An action (`user.create`), or a prefix ending in `.*` (`user.*`)" }),
  target_type: z.string().min(1).optional(),
  target_id: z.string().min(1).optional(),
  from: isoTime("Earliest event time"),
  to: isoTime("Latest event time"),
  order: z.enum(["asc", "desc"]).default("desc").openapi({ description: "By seq; newest first by default" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_EVENTS_LIMIT)
    .default(DEFAULT_EVENTS_LIMIT)
    .openapi({ description: `At most this many events (1-${MAX_EVENTS_LIMIT}, default ${DEFAULT_EVENTS_LIMIT})` }),
  offset: z.coerce.number().int().min(0).default(0),
});

export const AuditEventSchema = z
  .object({
    seq: z.number().int(),
    id: z.string(),
    ts: z.string().openapi({ description: "ISO 8601, UTC, milliseconds (the form that is hashed)" }),
    actor_type: z.enum(["user", "server", "system"]),
    actor_id: z.string().nullable(),
    action: z.string(),
    target_type: z.string().nullable(),
    target_id: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    prev_hash: z.string(),
    hash: z
      .string()
      .openapi({ description: "sha256(prev_hash || canonical JSON of the other fields, keys sorted), hex" }),
  })
  .openapi("AuditEvent");

export const EventListSchema = z
  .object({ events: z.array(AuditEventSchema), total: z.number().int() })
  .openapi("AuditEventList");

export const VerifySchema = z
  .object({
    valid: z.boolean(),
    checked: z.number().int().openapi({ description: "Events checked before the first problem (all when valid)" }),
    head_hash: z.string().openapi({ description: "The hash of the last event that checked out" }),
    first_invalid_seq: z.number().int().nullable(),
    reason: z.enum(["hash_mismatch", "prev_link_mismatch", "seq_gap", "truncated", "checkpoint_mismatch"]).nullable(),
  })
  .openapi("AuditVerifyResult");

export const CheckpointListSchema = z
  .object({
    public_key: z.string().openapi({ description: "The Ed25519 public key (raw 32 bytes, base64) that signs them" }),
    checkpoints: z.array(
      z.object({
        seq: z.number().int(),
        head_hash: z.string(),
        ts: z.string(),
        signature: z.string().openapi({ description: 'Ed25519 over canonical JSON {"head_hash","seq","ts"}, base64' }),
      }),
    ),
  })
  .openapi("AuditCheckpointList");
