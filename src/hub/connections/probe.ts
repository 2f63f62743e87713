import { probeDatabase } from "./probe-database";
import { probeFilesystem } from "./probe-filesystem";
import { scrubSecrets } from "./scrub";
import type { CheckResult, ConnectionSettings } from "./settings";

/** How long a check may take before it is reported as a timeout. */
export const CHECK_TIMEOUT_MS = 10_000;

/** Checks a connection; the Hub's routes and its health poller are given one (tests pass a short timeout). */
export type ConnectionChecker = (settings: ConnectionSettings) => Promise<CheckResult>;

/**
 * The real check: a database is connected to with its driver (PostgreSQL through Bun's SQL
 * client, MySQL/MariaDB through mysql2, SQL Server through tedious, SQLite opened read-only) and asked `SELECT 1`; a
 * filesystem path must be a readable (and unless read-only, writable) folder. Never throws:
 * a refusal is `{ok: false, error}`, the error scrubbed of the connection's password (drivers
 * and hostile servers may quote what they were sent) and of any URI's userinfo, and the
 * whole attempt is bounded by `timeoutMs` (the driver's connection is closed when it runs out).
 */
export function createConnectionChecker({ timeoutMs = CHECK_TIMEOUT_MS } = {}): ConnectionChecker {
  return async function checkConnection(settings) {
    const started = performance.now();
    const latency = () => Math.max(0, Math.round(performance.now() - started));
    const secrets = settings.kind === "database" ? [settings.password ?? undefined] : [];
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const attempt = (async (): Promise<string | null> => {
      if (settings.kind === "filesystem") return probeFilesystem(settings);
      await probeDatabase(settings, timeoutMs, abort.signal);
      return null;
    })().catch((err: unknown) => describe(err));
    try {
      const outcome = await Promise.race([attempt, deadline]);
      if (outcome === "timeout") {
        abort.abort();
        return { ok: false, latencyMs: latency(), error: `No answer within ${timeoutMs} ms (${where(settings)})` };
      }
      if (outcome === null) return { ok: true, latencyMs: latency() };
      return { ok: false, latencyMs: latency(), error: scrubSecrets(`${where(settings)}: ${outcome}`, secrets) };
    } finally {
      clearTimeout(timer);
    }
  };
}

/** What was checked, for messages: host and port, a file or a folder; never a credential. */
function where(settings: ConnectionSettings): string {
  if (settings.kind === "filesystem") return `folder ${settings.path}`;
  if (settings.dbType === "sqlite") return `SQLite file ${settings.database}`;
  return `${settings.dbType} at ${settings.host}:${settings.port}`;
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = typeof err === "object" && err !== null && "code" in err ? err.code : undefined;
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}
