import { z } from "@hono/zod-openapi";
import { MAX_LIST_SCAN } from "../services/file-browser";
import { SEARCH_LIMITS } from "../services/file-search";

/** The answers of the file browser's routes (routes/files.ts). */

export const FileEntrySchema = z
  .object({
    name: z.string(),
    path: z.string(),
    is_dir: z.boolean(),
    size: z.number().int().nullable().openapi({ description: "Bytes; null for folders" }),
    modified: z.string().openapi({ description: "ISO 8601, UTC" }),
    extension: z.string().nullable().openapi({ description: "Lower case, without the dot; null for folders" }),
  })
  .openapi("FileEntry");

export const RootSchema = z.object({ path: z.string(), read_only: z.boolean() }).openapi("FileRoot");

export const ListResponse = z
  .object({
    path: z.string().openapi({ description: "The folder's real path" }),
    entries: z.array(FileEntrySchema).openapi({ description: "Folders first, then files, by name" }),
    read_only: z.boolean(),
    total_entries: z
      .number()
      .int()
      .openapi({ description: `Entries counted (at most ${MAX_LIST_SCAN} are read)` }),
    truncated: z.boolean().openapi({ description: "More entries exist than `entries` holds" }),
  })
  .openapi("FileListing");

export const SearchResponse = z
  .object({
    query: z.string(),
    results: z.array(
      z.object({
        name: z.string(),
        path: z.string(),
        size: z.number().int().nullable(),
        modified: z.string(),
        extension: z.string().nullable(),
        score: z.number().openapi({ description: "100 exact, 80 starts with, 60 word, 40 substring, 20 subsequence" }),
      }),
    ),
    total_files_scanned: z
      .number()
      .int()
      .openapi({
        description: `Files looked at; the walk stops at ${SEARCH_LIMITS.maxFilesScanned} files, ${SEARCH_LIMITS.maxFoldersVisited} folders or ${SEARCH_LIMITS.timeBudgetMs / 1000} s`,
      }),
    truncated: z.boolean().openapi({ description: "A limit stopped the walk before every folder was read" }),
  })
  .openapi("FileSearchResult");

export const StatResponse = z
  .object({
    path: z.string(),
    exists: z.boolean(),
    is_file: z.boolean(),
    is_dir: z.boolean(),
    size: z.number().int().nullable(),
    modified: z.string().nullable(),
    extension: z.string().nullable(),
    read_only: z.boolean(),
  })
  .openapi("FileStat");

export type FileEntry = z.infer<typeof FileEntrySchema>;
export type RootEntry = z.infer<typeof RootSchema>;
export type FileListing = z.infer<typeof ListResponse>;
export type FileSearchResult = z.infer<typeof SearchResponse>;
export type FileStat = z.infer<typeof StatResponse>;
