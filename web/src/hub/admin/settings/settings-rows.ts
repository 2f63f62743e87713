import type { HubSettings } from "./settings-api";

/** One setting as the page shows it: what it is, its value in words, and where it is set. */
export interface SettingRow {
  key: string;
  label: string;
  value: string;
  /** The environment variable (or flag) that sets it; none for what is built in. */
  env?: string;
  /** A sentence on what it means, when the label alone does not say. */
  note?: string;
  tone?: "warn";
}

export interface SettingSection {
  title: string;
  rows: SettingRow[];
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** Hours in the largest whole unit: 168 → "7 days", 36 → "36 hours". */
export function hoursWords(hours: number): string {
  return hours % 24 === 0 ? count(hours / 24, "day") : count(hours, "hour");
}

/** Seconds in the largest whole unit: 900 → "15 minutes", 60 → "1 minute", 45 → "45 seconds". */
export function secondsWords(seconds: number): string {
  if (seconds % 3600 === 0) return count(seconds / 3600, "hour");
  if (seconds % 60 === 0) return count(seconds / 60, "minute");
  return count(seconds, "second");
}

const keyWords = (source: "configured" | "generated") =>
  source === "configured" ? "Set in the Hub's settings" : "Generated into the data directory";

/** The Settings page's sections, in the order an administrator looks for them. */
export function settingSections(s: HubSettings): SettingSection[] {
  const generated = (source: "configured" | "generated") => (source === "generated" ? ("warn" as const) : undefined);
  return [
    {
      title: "Sign-in",
      rows: [
        {
          key: "session-ttl",
          label: "Session lifetime",
          value: hoursWords(s.sessions.ttl_hours),
          env: "SESSION_TTL_HOURS",
        },
        {
          key: "login-attempts",
          label: "Sign-in attempts per username",
          value: `${count(s.login_throttle.max_attempts, "attempt")} per ${secondsWords(s.login_throttle.window_seconds)}`,
          env: "LOGIN_MAX_ATTEMPTS",
        },
        {
          key: "login-attempts-ip",
          label: "Failed sign-ins per address",
          value: `${count(s.login_throttle.max_attempts_per_ip, "attempt")} per ${secondsWords(s.login_throttle.window_seconds)}`,
          env: "LOGIN_MAX_ATTEMPTS_PER_IP",
        },
      ],
    },
    {
      title: "Storage",
      rows: [
        {
          key: "database",
          label: "Database",
          value: s.database.kind === "postgresql" ? "PostgreSQL" : "SQLite",
          env: "DATABASE_URL",
          note: s.database.kind === "sqlite" ? "One Hub process; PostgreSQL allows more than one." : undefined,
        },
        {
          key: "artifact-max",
          label: "Largest stored artifact",
          value: `${s.executions.artifact_max_mb.toLocaleString("en")} MB`,
          env: "EXECUTION_ARTIFACT_MAX_MB",
          note: "A run's bigger output is recorded but not stored. Runs and artifacts are kept until deleted.",
        },
      ],
    },
    {
      title: "Keys",
      rows: [
        {
          key: "connection-key",
          label: "Connection encryption key",
          value: keyWords(s.keys.connection_encryption),
          env: "CONNECTION_ENCRYPTION_KEY",
          note: "Seals connection credentials. A generated key lives beside the data: back it up with it.",
          tone: generated(s.keys.connection_encryption),
        },
        {
          key: "audit-key",
          label: "Audit signing key",
          value: keyWords(s.keys.audit_signing),
          env: "AUDIT_SIGNING_KEY",
          note: "Signs the audit log's checkpoints. Keep it where database administrators cannot read it.",
          tone: generated(s.keys.audit_signing),
        },
        {
          key: "dispatch-key",
          label: "Dispatch signing key",
          value: keyWords(s.keys.dispatch_signing),
          env: "DISPATCH_SIGNING_KEY",
          note: "Signs the Hub's runs sent to Servers, which their rate limits count apart. Several Hub replicas need the same key: a generated one is each replica's own.",
          tone: generated(s.keys.dispatch_signing),
        },
        {
          key: "registration-token",
          label: "Server registration token",
          value: s.servers.registration_token_set ? "Set" : "Not set",
          env: "HUB_SERVER_TOKEN",
          note: s.servers.registration_token_set
            ? "Servers holding it register themselves."
            : "Servers are added by an administrator only.",
        },
      ],
    },
    {
      title: "Servers and runs",
      rows: [
        {
          key: "poll",
          label: "Server health check",
          value: `Every ${secondsWords(s.servers.poll_interval_seconds)}`,
          env: "SERVER_POLL_INTERVAL_SECONDS",
        },
        {
          key: "token-ttl",
          label: "Capability token lifetime",
          value: secondsWords(s.capability_tokens.ttl_seconds),
          env: "CAPABILITY_TOKEN_TTL_SECONDS",
          note: "Each token allows one request to one Server.",
        },
        {
          key: "token-store",
          label: "Capability tokens kept in",
          value: s.capability_tokens.store === "database" ? "The database (any replica)" : "Memory (one replica)",
          env: "TOKEN_STORE_BACKEND",
        },
        {
          key: "broker",
          label: "Live run events through",
          value: s.event_broker === "postgresql" ? "PostgreSQL (every replica)" : "Memory (one replica)",
          env: "EVENT_BROKER_BACKEND",
        },
      ],
    },
    {
      title: "Audit log",
      rows: [
        {
          key: "checkpoints",
          label: "Signed checkpoints",
          value: `Every ${count(s.audit.checkpoint_every_events, "event")} and every ${s.audit.checkpoint_every_minutes === 60 ? "hour" : secondsWords(s.audit.checkpoint_every_minutes * 60)}`,
          note: "Built in.",
        },
      ],
    },
  ];
}
