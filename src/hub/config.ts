/** Everything a Hub reads from its settings (cli/ builds it from the settings table). */
export interface HubConfig {
  databaseUrl: string;
  sessionTtlHours: number;
  capabilityTokenTtlSeconds: number;
  tokenStoreBackend: "memory" | "database";
  serverPollIntervalSeconds: number;
  hubServerToken?: string;
}
