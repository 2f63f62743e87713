import type { z } from "@hono/zod-openapi";
import type {
  ContentSavedSchema,
  RevisionDetailSchema,
  RevisionListSchema,
  RevisionSchema,
} from "../../../../src/hub/workflows/schemas";
import type { HubClient } from "../../lib/hub-api";

/** A revision as the Hub lists it: number, message, author, time, content hash (no content). */
export type HubRevision = z.infer<typeof RevisionSchema>;
export type HubRevisionList = z.infer<typeof RevisionListSchema>;
/** A revision with its content (the workflow JSON). */
export type HubRevisionDetail = z.infer<typeof RevisionDetailSchema>;
export type HubRestored = z.infer<typeof ContentSavedSchema>;

const base = (id: string) => `/workflows/${encodeURIComponent(id)}`;

/** A page of a workflow's revisions, newest first. */
export function listRevisions(hub: HubClient, id: string, page: { limit: number; offset: number }) {
  const query = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  return hub.request<HubRevisionList>("GET", `${base(id)}/revisions?${query}`);
}

/** One revision with its content. */
export function getRevision(hub: HubClient, id: string, revision: number) {
  return hub.request<HubRevisionDetail>("GET", `${base(id)}/revisions/${revision}`);
}

/**
 * Makes revision `revision`'s content the newest, as a new revision the Hub messages
 * "Restored revision N" (its owner only; `revision_created: false` when it is the newest's).
 */
export function restoreRevision(hub: HubClient, id: string, revision: number) {
  return hub.request<HubRestored>("POST", `${base(id)}/revisions/${revision}/restore`);
}

/** `attachment; filename="a.weft.json"; filename*=UTF-8''%C3%A9.weft.json` → the fullest name given. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain name follows.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] || fallback;
}

/** `Sales.weft.json`, revision 2 → `Sales (revision 2).weft.json`: downloads of two revisions stay apart. */
export function revisionFileName(fileName: string, revision: number): string {
  const match = /^(.*?)(\.weft\.json|\.json)?$/i.exec(fileName);
  return `${match?.[1] || "workflow"} (revision ${revision})${match?.[2] ?? ".weft.json"}`;
}

/** The `.weft.json` file of a revision, byte for byte as the Hub stores it, and its name. */
export async function downloadRevision(hub: HubClient, id: string, revision: number) {
  const res = await hub.respond("GET", `${base(id)}/download?revision=${revision}`);
  const name = fileNameOf(res.headers.get("Content-Disposition"), "workflow.weft.json");
  return { blob: await res.blob(), fileName: revisionFileName(name, revision) };
}
