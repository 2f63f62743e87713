import type { HubDatabase, HubQueryable } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ForbiddenError, NotFoundError, ValidationError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { AuditEventInput } from "../audit/chain";
import type { AuditWriter } from "../audit/writer";
import type { SessionUser } from "../guards";
import type { PageQuery } from "../lists";
import { mayDo, REQUIRED, visible, type WorkflowAction } from "./access";
import { type PreparedContent, prepareContent, readStoredContent } from "./content";
import { diffWorkflows } from "./diff";
import { downloadDisposition } from "./file-name";
import * as queries from "./queries";
import type { UpdateWorkflowBody, WorkflowListQuery } from "./schemas";
import { revisionBody, workflowBody } from "./view";

export interface WorkflowServiceDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
}

type Recorder = (event: AuditEventInput) => Promise<unknown>;

/** Thrown inside a write's transaction when the caller may not; audited once it rolled back. */
class Refused extends Error {
  constructor(readonly action: WorkflowAction) {
    super(REQUIRED[action]);
  }
}

const event = (user: SessionUser, action: string, id: string, details: AuditEventInput["details"]) =>
  ({ actorType: "user", actorId: user.id, action, targetType: "workflow", targetId: id, details }) as const;

/** Stored workflows and their revisions (hub.md "Workflows"; access rules in access.ts). */
export function createWorkflowService({ database, audit, clock }: WorkflowServiceDeps) {
  /**
   * Runs `work` on the locked workflow in one audited transaction, once `user` may see it
   * (404 otherwise) and may do `action` (403, audited as authz.denied in its own transaction,
   * since the refused write's transaction rolls back).
   */
  async function withWorkflow<T>(
    user: SessionUser,
    id: string,
    action: WorkflowAction,
    work: (tx: HubQueryable, record: Recorder, row: queries.WorkflowRow) => Promise<T>,
  ): Promise<T> {
    try {
      return await audit.write(async (tx, record) => {
        const row = visible(user, id, await queries.lockWorkflow(tx, id));
        if (!mayDo(user, row, action)) throw new Refused(action);
        return work(tx, record, row);
      });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      await audit.write((_tx, record) =>
        record(event(user, "authz.denied", id, { required: err.message, role: user.role, action })),
      );
      throw new ForbiddenError(`Only ${err.message} may do this`);
    }
  }

  /** Stores `content` as the next revision unless it equals the newest one's (then nothing is written). */
  async function storeRevision(
    tx: HubQueryable,
    user: SessionUser,
    row: queries.WorkflowRow,
    content: PreparedContent,
    message: string | null,
  ): Promise<{ row: queries.WorkflowRow; created: boolean }> {
    const newest = await queries.findRevision(tx, row.id, row.currentRevision);
    if (newest?.contentSha256 === content.sha256) return { row, created: false };
    const now = clock();
    const revision = row.currentRevision + 1;
    await queries.insertRevision(tx, {
      workflowId: row.id,
      revision,
      content: content.text,
      contentSha256: content.sha256,
      message,
      authorId: user.id,
      createdAt: now,
    });
    return {
      row: await queries.updateWorkflow(tx, row.id, { currentRevision: revision, updatedAt: now }),
      created: true,
    };
  }

  async function readable(user: SessionUser, id: string): Promise<queries.WorkflowRow> {
    return visible(user, id, await queries.findWorkflow(database, id));
  }

  async function revisionOf(id: string, n: number): Promise<queries.RevisionRow> {
    const found = await queries.findRevision(database, id, n);
    if (!found) throw new NotFoundError(`Workflow ${id} has no revision ${n}`);
    return found;
  }

  return {
    async create(user: SessionUser, body: { name: string; description?: string | null; content: unknown }) {
      const content = prepareContent(body.content);
      const now = clock();
      const row: queries.WorkflowRow = {
        id: newId(),
        name: body.name,
        description: body.description ?? null,
        ownerId: user.id,
        currentRevision: 1,
        createdAt: now,
        updatedAt: now,
      };
      await audit.write(async (tx, record) => {
        await queries.insertWorkflow(tx, row);
        await queries.insertRevision(tx, {
          workflowId: row.id,
          revision: 1,
          content: content.text,
          contentSha256: content.sha256,
          message: null,
          authorId: user.id,
          createdAt: now,
        });
        await record(
          event(user, "workflow.create", row.id, { name: row.name, revision: 1, content_sha256: content.sha256 }),
        );
      });
      return workflowBody(row);
    },

    /** Role `user` lists its own workflows; auditors and above list everyone's. */
    async list(user: SessionUser, query: WorkflowListQuery) {
      const ownOnly = user.role === "user";
      if (ownOnly && query.owner_id !== undefined && query.owner_id !== user.id) return { workflows: [], total: 0 };
      const { rows, total } = await queries.listWorkflows(database, {
        ownerId: ownOnly ? user.id : query.owner_id,
        name: query.name,
        limit: query.limit,
        offset: query.offset,
      });
      return { workflows: rows.map(workflowBody), total };
    },

    async get(user: SessionUser, id: string) {
      const row = await readable(user, id);
      const newest = await revisionOf(id, row.currentRevision);
      return { ...workflowBody(row), content_sha256: newest.contentSha256, content: JSON.parse(newest.content) };
    },

    async update(user: SessionUser, id: string, body: UpdateWorkflowBody) {
      const reassigning = body.owner_id !== undefined;
      const apply = async (tx: HubQueryable, record: Recorder, row: queries.WorkflowRow) => {
        const set: Partial<queries.WorkflowRow> = {};
        if (body.name !== undefined && body.name !== row.name) set.name = body.name;
        if (body.description !== undefined && (body.description ?? null) !== row.description) {
          set.description = body.description ?? null;
        }
        if (reassigning && body.owner_id !== row.ownerId) {
          if (!(await queries.userExists(tx, body.owner_id as string))) {
            throw new ValidationError(`owner_id: no user ${body.owner_id}`);
          }
          set.ownerId = body.owner_id;
        }
        const changed = Object.keys(set);
        if (changed.length === 0) return row;
        const updated = await queries.updateWorkflow(tx, id, { ...set, updatedAt: clock() });
        const details: AuditEventInput["details"] = { changed, name: updated.name };
        if (set.ownerId !== undefined) Object.assign(details, { owner_from: row.ownerId, owner_to: set.ownerId });
        await record(event(user, "workflow.update", id, details));
        return updated;
      };
      // Renaming needs the metadata right; handing the workflow on, the admin role (which has both).
      const row = await withWorkflow(user, id, reassigning ? "reassign" : "metadata", apply);
      return workflowBody(row);
    },

    async remove(user: SessionUser, id: string) {
      await withWorkflow(user, id, "delete", async (tx, record, row) => {
        await queries.deleteWorkflow(tx, id);
        await record(event(user, "workflow.delete", id, { name: row.name, revisions: row.currentRevision }));
      });
    },

    /** Stores a new revision when the content changed (by the SHA-256 of its canonical JSON). */
    async saveContent(user: SessionUser, id: string, body: { content: unknown; message?: string }) {
      const content = prepareContent(body.content);
      const { row, created } = await withWorkflow(user, id, "content", async (tx, record, row) => {
        const stored = await storeRevision(tx, user, row, content, body.message || null);
        if (stored.created) {
          await record(
            event(user, "workflow.content_update", id, {
              revision: stored.row.currentRevision,
              content_sha256: content.sha256,
              message: body.message || null,
            }),
          );
        }
        return stored;
      });
      return { ...workflowBody(row), revision_created: created };
    },

    /** Makes revision `n`'s content the newest again, as a new revision (history is never rewritten). */
    async restore(user: SessionUser, id: string, n: number) {
      const { row, created } = await withWorkflow(user, id, "content", async (tx, record, row) => {
        const old = await queries.findRevision(tx, id, n);
        if (!old) throw new NotFoundError(`Workflow ${id} has no revision ${n}`);
        // Checked again: the catalogue of this Weft decides what may be current.
        const content = prepareContent(JSON.parse(old.content));
        const stored = await storeRevision(tx, user, row, content, `Restored revision ${n}`);
        if (stored.created) {
          await record(
            event(user, "workflow.restore", id, {
              revision: stored.row.currentRevision,
              restored_from: n,
              content_sha256: content.sha256,
            }),
          );
        }
        return stored;
      });
      return { ...workflowBody(row), revision_created: created };
    },

    async listRevisions(user: SessionUser, id: string, page: PageQuery) {
      await readable(user, id);
      const { rows, total } = await queries.listRevisions(database, id, page);
      return { revisions: rows.map(revisionBody), total };
    },

    async getRevision(user: SessionUser, id: string, n: number) {
      await readable(user, id);
      const found = await revisionOf(id, n);
      return { ...revisionBody(found), content: JSON.parse(found.content) };
    },

    async diff(user: SessionUser, id: string, asked: { from?: number; to?: number }) {
      const row = await readable(user, id);
      const to = asked.to ?? row.currentRevision;
      const from = asked.from ?? Math.max(1, to - 1);
      const [before, after] = [await revisionOf(id, from), await revisionOf(id, to)];
      return { from, to, ...diffWorkflows(readStoredContent(before.content), readStoredContent(after.content)) };
    },

    /** The `.weft.json` file of revision `revision` (the newest by default), byte for byte as stored. */
    async download(user: SessionUser, id: string, revision?: number) {
      const row = await readable(user, id);
      const found = await revisionOf(id, revision ?? row.currentRevision);
      return { text: found.content, disposition: downloadDisposition(row.name) };
    },
  };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
