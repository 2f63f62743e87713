/** Everything a Hub reads from its settings (cli/ builds it from the settings table). */
export interface HubConfig {
  databaseUrl: string;
  sessionTtlHours: number;
  capabilityTokenTtlSeconds: number;
  tokenStoreBackend: "memory" | "database";
  /**
   * EVENT_BROKER_BACKEND: execution events fan out in this process's memory, or through
   * PostgreSQL's LISTEN/NOTIFY to every replica (events/pg-broker.ts). With either memory
   * backend a Hub on PostgreSQL holds the replica lock (replica-lock.ts).
   */
  eventBrokerBackend: "memory" | "postgresql";
  serverPollIntervalSeconds: number;
  /** Login throttle (auth/login-throttle.ts): attempts per username and per client address in the window. */
  loginMaxAttempts: number;
  loginMaxAttemptsPerIp: number;
  loginWindowSeconds: number;
  hubServerToken?: string;
  /** AUDIT_SIGNING_KEY: the checkpoint key (base64 32-byte seed); else one generated into the data directory. */
  auditSigningKey?: string;
  /** DISPATCH_SIGNING_KEY: signs dispatches to Servers (base64 32-byte seed); else one generated into the data directory. */
  dispatchSigningKey?: string;
  /** Seals connection credentials; without it a key is generated into the data directory (connections/vault.ts). */
  connectionEncryptionKey?: string;
  /** EXECUTION_ARTIFACT_MAX_MB: the largest artifact an execution stores (100 by default). */
  executionArtifactMaxMb?: number;
  /**
   * `weft all` whose Server answers to this Hub in the same process: the web app's public
   * status says so (`server_here`), so the page sends the designer's requests to its own
   * origin without probing for a Server that `weft hub` does not have.
   */
  serverHere?: boolean;
}
