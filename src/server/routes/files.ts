import { homedir } from "node:os";
import { createRoute, z } from "@hono/zod-openapi";
import { supportedExtensions } from "../../formats/catalog";
import { newApiApp } from "../../http/openapi-app";
import { ValidationError } from "../../shared/errors";
import type { FileAccessPolicy } from "../../shared/file-access";
import { ListResponse, RootSchema, SearchResponse, StatResponse } from "../schemas/files";
import { fileRoots, listDirectory, MAX_LIST_ENTRIES, statPath } from "../services/file-browser";
import { searchFiles } from "../services/file-search";

const DEFAULT_SEARCH_LIMIT = 20;
const MAX_SEARCH_LIMIT = 100;
const MAX_QUERY_LENGTH = 256;
/**
 * One extension: letters, digits, `_`, `+`, `-` (a leading dot is tolerated and dropped), or
 * up to three such parts joined by dots (`weft.json`: names ending `.weft.json`).
 */
const EXTENSION = /^[\p{L}\p{N}_+-]{1,32}(?:\.[\p{L}\p{N}_+-]{1,32}){0,2}$/u;

const PathQuery = z.object({
  path: z.string().openapi({
    description:
      'An absolute path. Decoded once, as every query parameter (send "%25" for a literal "%", "%2B" for "+"); `..` and symbolic links are resolved before the roots are checked',
    example: "/home/me/data",
  }),
});

const ListQuery = PathQuery.extend({
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({
      description: `Skip this many entries first (pages of ${MAX_LIST_ENTRIES})`,
    }),
  show_hidden: z
    .enum(["true", "false"])
    .default("false")
    .openapi({ description: "Include names that start with a dot" }),
});

const SearchQuery = z.object({
  query: z.string().trim().min(1).max(MAX_QUERY_LENGTH).openapi({ description: "Matched against file names" }),
  extensions: z.string().optional().openapi({
    description:
      "Comma-separated, without leading dots; `weft.json` matches names ending `.weft.json` (default: every extension of /datasource/supported)",
  }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SEARCH_LIMIT)
    .default(DEFAULT_SEARCH_LIMIT)
    .openapi({ description: `At most this many results (1-${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT})` }),
});

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const tags = ["Files"];
const security = [{ bearer: [] }];
const refused = {
  400: { description: "Not an absolute path, a NUL character, or a bad parameter" },
  403: { description: "Outside the granted folders (after resolving `..` and links), whether it exists or not" },
};

const routes = {
  roots: createRoute({
    method: "get",
    path: "/files/roots",
    tags,
    security,
    summary: "The folders that may be browsed",
    responses: { 200: { ...json(z.array(RootSchema)), description: "OK" } },
  }),
  list: createRoute({
    method: "get",
    path: "/files/list",
    tags,
    security,
    summary: "A folder's entries (hidden ones only when asked)",
    request: { query: ListQuery },
    responses: {
      200: { ...json(ListResponse), description: "OK" },
      ...refused,
      404: { description: "No such folder inside the roots" },
    },
  }),
  search: createRoute({
    method: "get",
    path: "/files/search",
    tags,
    security,
    summary: "Data files by name over every root, best match first",
    request: { query: SearchQuery },
    responses: { 200: { ...json(SearchResponse), description: "OK" }, 400: refused[400] },
  }),
  stat: createRoute({
    method: "get",
    path: "/files/stat",
    tags,
    security,
    summary: "What is at a path; a missing path inside the roots is `exists: false`",
    request: { query: PathQuery },
    responses: { 200: { ...json(StatResponse), description: "OK" }, ...refused },
  }),
};

export interface FilesDeps {
  /** The Server's file-access policy, with real roots resolved at startup. */
  policy: FileAccessPolicy;
  /** The home folder shown as a root in open mode; the process's by default. */
  home?: string;
}

/**
 * The file browser (docs/server-api.md "Files"; decisions.md "Files" and "File access"). Every path
 * goes through the same resolution as the Input and Output tools (shared/file-access.ts).
 */
export function filesRoutes({ policy, home = homedir() }: FilesDeps) {
  const app = newApiApp();
  app.openapi(routes.roots, (c) => c.json(fileRoots(policy, home), 200));
  app.openapi(routes.list, async (c) => {
    const { path, offset, show_hidden } = c.req.valid("query");
    return c.json(await listDirectory(policy, path, { offset, showHidden: show_hidden === "true" }), 200);
  });
  app.openapi(routes.search, async (c) => {
    const { query, extensions, limit } = c.req.valid("query");
    const starts = fileRoots(policy, home).map((r) => r.path);
    return c.json(await searchFiles(policy, starts, { query, extensions: parseExtensions(extensions), limit }), 200);
  });
  app.openapi(routes.stat, (c) => c.json(statPath(policy, c.req.valid("query").path), 200));
  return app;
}

/** `csv, .Parquet` → {csv, parquet}; absent or blank → every extension the formats read. */
function parseExtensions(text: string | undefined): ReadonlySet<string> {
  if (text === undefined || text.trim() === "") return new Set(supportedExtensions());
  const out = new Set<string>();
  for (const raw of text.split(",")) {
    const ext = raw.trim().replace(/^\./, "").toLowerCase();
    if (ext === "") continue;
    if (!EXTENSION.test(ext)) throw new ValidationError(`extensions: "${raw.trim()}" is not a file extension`);
    out.add(ext);
  }
  return out.size > 0 ? out : new Set(supportedExtensions());
}
