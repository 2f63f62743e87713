import { createRoute, z } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import { ValidationError } from "../../shared/errors";
import { ArchiveDetailResponse, ArchiveListResponse } from "../schemas/archive";
import type { ArchiveService } from "../services/archive";
import { parseDay } from "../services/archive-entry";

/** The largest `limit` of `/archive/list`; decisions.md fixes the default at 50. */
const MAX_LIST_LIMIT = 1000;
const DEFAULT_LIST_LIMIT = 50;
/** About a century: a bound, so `retention_days * day` stays a sane number of milliseconds. */
const MAX_RETENTION_DAYS = 36_500;

const day = (what: string) =>
  z
    .string()
    .refine((d) => parseDay(d) !== undefined, { message: `${what} must be a date YYYY-MM-DD` })
    .optional()
    .openapi({ description: `${what} (YYYY-MM-DD, UTC day, inclusive)`, example: "2025-01-31" });

const ListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_LIMIT)
    .default(DEFAULT_LIST_LIMIT)
    .openapi({ description: `At most this many entries (1-${MAX_LIST_LIMIT}, default ${DEFAULT_LIST_LIMIT})` }),
  offset: z.coerce.number().int().min(0).default(0).openapi({ description: "Skip this many entries first" }),
  start_date: day("First day"),
  end_date: day("Last day"),
});

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const tags = ["Archive"];
const security = [{ bearer: [] }];
const disabled = { 503: { description: "The archive is disabled (ARCHIVE_ENABLED=false)" } };

const routes = {
  list: createRoute({
    method: "get",
    path: "/archive/list",
    tags,
    security,
    summary: "Archived runs, newest first",
    request: { query: ListQuery },
    responses: {
      200: {
        ...json(ArchiveListResponse),
        description: "`total` counts every entry in the date range; `archives` is the page",
      },
      400: { description: "A bad date or limit" },
      ...disabled,
    },
  }),
  detail: createRoute({
    method: "get",
    path: "/archive/detail/{archive_path}",
    tags,
    security,
    summary: "One archived run: the workflow as sent (passwords removed) and its execution log",
    request: {
      params: z.object({
        archive_path: z.string().openapi({ description: "An entry's `path`, URL-encoded (`/` as %2F, or unencoded)" }),
      }),
    },
    responses: {
      200: {
        ...json(ArchiveDetailResponse),
        description: "OK",
      },
      403: { description: "The path leads outside the archive" },
      404: { description: "No such entry" },
      ...disabled,
    },
  }),
  cleanup: createRoute({
    method: "post",
    path: "/archive/cleanup",
    tags,
    security,
    summary: "Delete the entries older than retention_days (default ARCHIVE_RETENTION_DAYS)",
    request: {
      body: {
        ...json(
          z.object({
            retention_days: z.number().int().min(0).max(MAX_RETENTION_DAYS).optional().openapi({
              description: "Keep the runs of the last this many days (0 deletes every entry)",
            }),
          }),
        ),
        required: true,
      },
    },
    responses: {
      200: {
        ...json(z.object({ deleted_count: z.number().int(), message: z.string() })),
        description: "OK",
      },
      ...disabled,
    },
  }),
  status: createRoute({
    method: "get",
    path: "/archive/status",
    tags,
    security,
    summary: "Whether runs are archived, where, and for how long (answers even when disabled)",
    responses: {
      200: {
        ...json(z.object({ enabled: z.boolean(), archive_path: z.string(), retention_days: z.number().int() })),
        description: "OK",
      },
    },
  }),
};

/**
 * The archive routes (docs/server-api.md "Archive"). While the archive is disabled, every route but
 * `status` answers 503 (the service refuses); `status` answers `enabled: false`, so a
 * client learns why without an error.
 */
export function archiveRoutes(archive: ArchiveService) {
  const app = newApiApp();
  app.openapi(routes.list, (c) => {
    const { limit, offset, start_date, end_date } = c.req.valid("query");
    if (start_date && end_date && start_date > end_date) {
      throw new ValidationError(`start_date ${start_date} is after end_date ${end_date}`);
    }
    const page = archive.list({ limit, offset, startDate: start_date, endDate: end_date });
    return c.json(page, 200);
  });
  app.openapi(routes.detail, (c) => c.json(archive.detail(c.req.valid("param").archive_path), 200));
  // The same entry with its `/` unencoded (`/archive/detail/2025-01-31/<entry>.json`).
  app.get("/archive/detail/:day/:name", (c) => c.json(archive.detail(`${c.req.param("day")}/${c.req.param("name")}`)));
  app.openapi(routes.cleanup, (c) => {
    const days = c.req.valid("json").retention_days ?? archive.retentionDays;
    const deleted = archive.cleanup(days);
    const message = `Deleted ${deleted} archive ${deleted === 1 ? "entry" : "entries"} older than ${days} days`;
    return c.json({ deleted_count: deleted, message }, 200);
  });
  app.openapi(routes.status, (c) =>
    c.json({ enabled: archive.enabled, archive_path: archive.root, retention_days: archive.retentionDays }, 200),
  );
  return app;
}
