import { ApiError } from "../../../lib/api";
import type { HubClient } from "../../../lib/hub-api";
import type { AuditEvent } from "../audit/audit-api";
import type { NameKind, Names } from "./names";

/** Where the Hub answers one thing by id, and the field of its answer that names it. */
const LOOKUPS: Record<NameKind, { path: string; field: string }> = {
  user: { path: "/users", field: "username" },
  workflow: { path: "/workflows", field: "name" },
  server: { path: "/servers", field: "name" },
  group: { path: "/groups", field: "name" },
  grant_group: { path: "/grant-groups", field: "name" },
  connection: { path: "/connections", field: "name" },
  schedule: { path: "/schedules", field: "name" },
};

/** Detail fields that hold the id of a thing of a kind (the sentences name them). */
const DETAIL_REFS: [string, NameKind][] = [
  ["workflow_id", "workflow"],
  ["user_id", "user"],
  ["owner_to", "user"],
  ["grant_group_id", "grant_group"],
  ["connection_id", "connection"],
];

/** Lookups at once: a page of 50 events names a handful of things, each asked once. */
const PARALLEL = 6;

/** What a page of audit events names, by kind and id (and the executions whose workflow it names). */
function wanted(events: AuditEvent[]): { refs: [NameKind, string][]; executions: string[] } {
  const refs = new Map<string, [NameKind, string]>();
  const executions = new Set<string>();
  const add = (kind: NameKind, id: unknown) => {
    if (typeof id === "string" && id) refs.set(`${kind}:${id}`, [kind, id]);
  };
  // What the page shows deleted: asking for it would only answer 404 (its delete event
  // carries its name, and the sentences of its other events fall back to what they recorded).
  const deleted = new Set(
    events.filter((e) => e.action.endsWith(".delete")).map((e) => `${e.target_type}:${e.target_id}`),
  );
  for (const e of events) {
    if (e.actor_type === "user") add("user", e.actor_id);
    if (e.actor_type === "server") add("server", e.actor_id);
    const gone = deleted.has(`${e.target_type}:${e.target_id}`);
    if (e.target_type === "execution" && e.target_id) executions.add(e.target_id);
    else if (e.target_type && e.target_type in LOOKUPS && !gone) add(e.target_type as NameKind, e.target_id);
    for (const [field, kind] of DETAIL_REFS) add(kind, e.details[field]);
  }
  return { refs: [...refs.values()], executions: [...executions] };
}

async function inTurns<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
}

/**
 * The names a page of audit events mentions, looked up on the Hub (the events hold ids) and
 * kept while the page is open, so paging back asks nothing twice. A thing the Hub no longer
 * has (404) is remembered as gone and its sentence says so; any other failure leaves the
 * name unknown (the sentence still reads, with what the event recorded) and is asked again
 * on the next page.
 */
export interface NameBook extends Names {
  /** Looks up what a page of audit events names. */
  learn(events: AuditEvent[]): Promise<void>;
  /** Looks up the names of these things (a page of runs' workflows, say). */
  learnNames(refs: [NameKind, string][]): Promise<void>;
}

export function createNameBook(hub: HubClient): NameBook {
  const known = new Map<string, string | null>();
  const executionWorkflow = new Map<string, string | null>();
  const ask = async <T>(path: string): Promise<T | null | undefined> => {
    try {
      return await hub.request<T>("GET", path);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      if (err instanceof ApiError) return undefined;
      throw err;
    }
  };
  const lookUp = async ([kind, id]: [NameKind, string]) => {
    const key = `${kind}:${id}`;
    if (known.has(key)) return;
    const { path, field } = LOOKUPS[kind];
    const answer = await ask<Record<string, unknown>>(`${path}/${encodeURIComponent(id)}`);
    if (answer === undefined) return;
    const name = answer?.[field];
    known.set(key, typeof name === "string" && name ? name : null);
  };
  return {
    of: (kind, id) => (id ? (known.get(`${kind}:${id}`) ?? undefined) : undefined),
    workflowOfExecution: (id) => {
      const workflow = id ? executionWorkflow.get(id) : undefined;
      return workflow ? (known.get(`workflow:${workflow}`) ?? undefined) : undefined;
    },
    async learn(events) {
      const { refs, executions } = wanted(events);
      await inTurns(
        executions.filter((id) => !executionWorkflow.has(id)),
        async (id) => {
          const run = await ask<{ workflow_id: string }>(`/executions/${encodeURIComponent(id)}`);
          if (run === undefined) return;
          executionWorkflow.set(id, run?.workflow_id ?? null);
          if (run) refs.push(["workflow", run.workflow_id]);
        },
      );
      await this.learnNames(refs);
    },
    async learnNames(refs) {
      const unique = [...new Map(refs.map((r) => [`${r[0]}:${r[1]}`, r])).values()];
      await inTurns(unique, lookUp);
    },
  };
}
