/** Everything a Hub reads from its settings (cli/ builds it from the settings table). */
export interface HubConfig {
  databaseUrl: string;
  sessionTtlHours: number;
  capabilityTokenTtlSeconds: number;
  tokenStoreBackend: "memory" | "database";
  serverPollIntervalSeconds: number;
  hubServerToken?: string;
  /** Seals connection credentials; without it a key is generated into the data directory (connections/vault.ts). */
  connectionEncryptionKey?: string;
}
