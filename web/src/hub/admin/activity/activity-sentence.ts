import type { AuditEvent } from "../audit/audit-api";
import type { Names } from "./names";
import { andList, q, type Said, said, shortId, words } from "./sentence-words";

/** An audit event in words, and the execution it is about (for a link), if any. */
export interface Sentence {
  text: string;
  execution?: string;
}

type Say = (s: Said) => string;

const ROLE_WORDS: Record<string, string> = { owner: "owner", admin: "admin", auditor: "auditor", user: "user" };
const role = (r: string) => ROLE_WORDS[r] ?? r;

/** Why a Server's request was refused (internal/service.ts), in words. */
function refusal(reason: string): string {
  if (reason.startsWith("token_")) return `its token was ${reason.slice(6).replaceAll("_", " ")}`;
  if (reason === "user_gone") return "the account no longer exists";
  if (reason === "connection_not_granted") return "a connection it asked for is not granted";
  if (reason.startsWith("path_")) return `a path it asked for is ${reason.slice(5).replaceAll("_", " ")}`;
  return reason.replaceAll("_", " ");
}

/** `a run` → `A run`: a sentence may start with a phrase. */
const cap = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
/** Usernames read plainly ("olga created user bob"); other things' names are quoted. */
const user = (s: Said) => s.names.of("user", s.e.target_id) ?? (s.d("username") || "a deleted user");
const userById = (s: Said, id: string) => s.names.of("user", id) ?? "a deleted user";
const workflowOf = (s: Said, id: string) => {
  const name = s.names.of("workflow", id);
  return name ? q(name) : "a deleted workflow";
};
const runOf = (s: Said) => {
  const name = s.names.workflowOfExecution(s.e.target_id);
  return name ? `a run of ${q(name)}` : "a run";
};
/** A noun phrase for the event's target: `schedule “Nightly”`, or what it was when its name is gone. */
const phrase = (s: Said, kind: "schedule" | "server" | "connection", noun: string, gone: string) => {
  const name = s.target(kind, "");
  return name ? `${noun} ${name}` : gone;
};
const schedule = (s: Said) => phrase(s, "schedule", "schedule", "a schedule");
const server = (s: Said) => phrase(s, "server", "Server", "a Server");
const connection = (s: Said) => phrase(s, "connection", "connection", "a deleted connection");

/** Named records (user groups, grant groups) share their create/update/delete sentences. */
function named(kind: "group" | "grant_group", label: string): Record<string, Say> {
  const it = (s: Said) => `${label} ${s.target(kind, "(deleted)")}`;
  return {
    create: (s) => `${s.actor} created ${it(s)}`,
    update: (s) =>
      s.d("from_name")
        ? `${s.actor} renamed ${label} ${q(s.d("from_name"))} to ${q(s.d("name"))}`
        : `${s.actor} changed the ${words(s.list("changed"))} of ${it(s)}`,
    delete: (s) => `${s.actor} deleted ${it(s)}`,
  };
}

function prefixed(prefix: string, says: Record<string, Say>): Record<string, Say> {
  return Object.fromEntries(Object.entries(says).map(([verb, say]) => [`${prefix}.${verb}`, say]));
}

function userUpdate(s: Said): string {
  const changed = s.list("changed");
  const parts: string[] = [];
  if (changed.includes("role"))
    parts.push(`changed the role of ${user(s)} from ${s.d("from_role")} to ${s.d("to_role")}`);
  if (changed.includes("password")) parts.push(`reset the password of ${user(s)}`);
  const rest = changed.filter((c) => c !== "role" && c !== "password");
  if (rest.length > 0) parts.push(`changed the ${words(rest)} of ${user(s)}`);
  if (parts.length === 0) parts.push(`changed ${user(s)}`);
  return `${s.actor} ${andList(parts)}`;
}

function denied(s: Said): string {
  if (s.e.target_type === "route") {
    return `${s.actor} was refused ${s.e.target_id ?? "a request"}: it needs the ${s.d("required")} role (their role: ${role(s.d("role"))})`;
  }
  const what = s.d("action") ? `to ${s.d("action").replaceAll("_", " ")}` : "an action on";
  const target =
    s.e.target_type === "workflow"
      ? `workflow ${workflowOf(s, s.e.target_id ?? "")}`
      : `${(s.e.target_type ?? "something").replaceAll("_", " ")} ${shortId(s.e.target_id)}`;
  return `${s.actor} was refused ${what} ${target}`;
}

/** Every action the Hub writes (activity-sentence.test.ts checks the list against src/hub). */
export const ACTION_SENTENCES: Record<string, Say> = {
  "auth.register": (s) => `${s.actor} set up the Hub and became its owner`,
  "auth.login": (s) => `${s.actor} signed in`,
  "auth.login_failed": (s) =>
    s.d("reason") === "unknown_user"
      ? `Someone tried to sign in as ${q(s.d("username"))}, who does not exist`
      : `${s.actor} failed to sign in: wrong password`,
  "auth.logout": (s) => `${s.actor} signed out`,
  "auth.password_change": (s) => `${s.actor} changed their password`,
  "auth.password_change_failed": (s) => `${s.actor} failed to change their password: wrong current password`,
  "authz.denied": denied,

  "user.create": (s) => `${s.actor} created user ${s.d("username")} with role ${role(s.d("role"))}`,
  "user.update": userUpdate,
  "user.delete": (s) => `${s.actor} deleted user ${s.d("username") || user(s)}`,

  ...prefixed("group", {
    ...named("group", "user group"),
    member_add: (s) => `${s.actor} added ${s.d("username")} to user group ${s.target("group", "(deleted)")}`,
    member_remove: (s) =>
      `${s.actor} removed ${userById(s, s.d("user_id"))} from user group ${s.target("group", "(deleted)")}`,
    grant_add: (s) =>
      `${s.actor} gave user group ${s.target("group", "(deleted)")} the grant group ${q(s.d("grant_group"))}`,
    grant_remove: (s) => {
      const name = s.names.of("grant_group", s.d("grant_group_id"));
      return `${s.actor} took ${name ? `the grant group ${q(name)}` : "a grant group"} from user group ${s.target("group", "(deleted)")}`;
    },
  }),
  ...prefixed("grant_group", {
    ...named("grant_group", "grant group"),
    connection_add: (s) =>
      `${s.actor} added connection ${q(s.d("connection"))} to grant group ${s.target("grant_group", "(deleted)")}`,
    connection_remove: (s) => {
      const name = s.names.of("connection", s.d("connection_id"));
      return `${s.actor} removed ${name ? `connection ${q(name)}` : "a connection"} from grant group ${s.target("grant_group", "(deleted)")}`;
    },
  }),

  "connection.create": (s) => `${s.actor} created ${connection(s)} (${s.d("type")})`,
  "connection.update": (s) => `${s.actor} changed the ${words(s.list("changed"))} of ${connection(s)}`,
  "connection.delete": (s) => `${s.actor} deleted ${connection(s)}`,
  "connection.test": (s) =>
    `${s.actor} tested a new ${s.d("type")} connection before saving it: ${s.e.details.ok ? "it answered" : "it did not answer"}`,
  "connection.check": (s) =>
    `${s.actor} checked ${connection(s)}: ${s.e.details.ok ? "it answered" : "it did not answer"}`,
  "connection.health_change": (s) =>
    s.d("to") === "ok" ? `${cap(connection(s))} answers again` : `${cap(connection(s))} stopped answering`,

  "workflow.create": (s) => `${s.actor} created workflow ${s.target("workflow", "(deleted)")}`,
  "workflow.update": (s) =>
    s.d("owner_to")
      ? `${s.actor} handed workflow ${s.target("workflow", "(deleted)")} to ${userById(s, s.d("owner_to"))}`
      : `${s.actor} changed the ${words(s.list("changed"))} of workflow ${s.target("workflow", "(deleted)")}`,
  "workflow.delete": (s) => `${s.actor} deleted workflow ${q(s.d("name"))} and its ${s.d("revisions")} revisions`,
  "workflow.content_update": (s) =>
    `${s.actor} saved revision ${s.d("revision")} of ${s.target("workflow", "a deleted workflow")}${s.d("message") ? `: ${q(s.d("message"))}` : ""}`,
  "workflow.restore": (s) =>
    `${s.actor} restored revision ${s.d("restored_from")} of ${s.target("workflow", "a deleted workflow")} as revision ${s.d("revision")}`,

  "schedule.create": (s) =>
    `${s.actor} scheduled ${workflowOf(s, s.d("workflow_id"))} (${s.d("cron")}, ${s.d("timezone")})`,
  "schedule.update": (s) => `${s.actor} changed the ${words(s.list("changed"))} of ${schedule(s)}`,
  "schedule.delete": (s) => `${s.actor} deleted a schedule of ${workflowOf(s, s.d("workflow_id"))} (${s.d("cron")})`,
  "schedule.toggle": (s) => `${s.actor} turned ${s.e.details.enabled ? "on" : "off"} ${schedule(s)}`,
  "schedule.trigger": (s) => `${s.actor} ran ${schedule(s)} now (execution ${shortId(s.d("execution_id"))})`,

  "execution.create": (s) =>
    `${s.actor} ran ${workflowOf(s, s.d("workflow_id"))} (execution ${shortId(s.e.target_id)}, revision ${s.d("revision")})`,
  "execution.finish": (s) => {
    const subject = `${cap(runOf(s))} (execution ${shortId(s.e.target_id)})`;
    return s.d("status") === "failed"
      ? `${subject} failed${s.d("error") ? `: ${s.d("error")}` : ""}`
      : `${subject} ${s.d("status")}`;
  },
  "execution.cancel": (s) => `${s.actor} cancelled ${runOf(s)} (execution ${shortId(s.e.target_id)})`,

  "server.register": (s) => `${cap(server(s))} registered itself at ${s.d("endpoint")}`,
  "server.update": (s) => `${cap(server(s))} registered again with a new ${words(s.list("changed"))}`,
  "server.token_rotate": (s) => `${cap(server(s))} registered again with a new token`,
  "server.create": (s) => `${s.actor} added ${server(s)} at ${s.d("endpoint")}`,
  "server.groups_set": (s) => {
    const n = s.list("group_ids").length;
    return n === 0
      ? `${s.actor} let everyone use ${server(s)}`
      : `${s.actor} let ${n === 1 ? "1 user group" : `${n} user groups`} use ${server(s)}`;
  },
  "server.revoke": (s) => `${s.actor} revoked ${server(s)}`,
  "server.delete": (s) => `${s.actor} removed ${server(s)}`,
  "server.refresh": (s) =>
    s.e.details.ok
      ? `${s.actor} checked ${server(s)}: it answered${s.d("version") ? ` (version ${s.d("version")})` : ""}`
      : `${s.actor} checked ${server(s)}: ${s.d("error") || "it did not answer"}`,
  "server.status_change": (s) =>
    s.d("to") === "online"
      ? `${cap(server(s))} came online`
      : `${cap(server(s))} went offline after ${s.d("failed_polls")} failed checks`,

  "capability.issue": (s) => `${s.actor} was given a single-use token for Server ${q(s.d("server_name"))}`,
  "capability.redeem": (s) => `${s.actor} was allowed a request of ${user(s)}`,
  "capability.refused": (s) =>
    `${s.actor} was refused a request${s.e.target_id ? ` of ${user(s)}` : ""}: ${refusal(s.d("reason"))}`,
};

/** `e` in words; an action this app does not know yet still reads as a sentence. */
export function describeEvent(e: AuditEvent, names: Names): Sentence {
  const s = said(e, names);
  const say = ACTION_SENTENCES[e.action];
  const text =
    say?.(s) ??
    `${s.actor} did ${e.action}${e.target_type ? ` on ${e.target_type.replaceAll("_", " ")} ${shortId(e.target_id)}` : ""}`;
  const execution =
    e.target_type === "execution" && e.target_id
      ? e.target_id
      : e.action === "schedule.trigger"
        ? s.d("execution_id") || undefined
        : undefined;
  return execution ? { text, execution } : { text };
}
