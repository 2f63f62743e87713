/**
 * Execution events (decisions.md "Execution stream"): what the runner publishes and the SSE
 * route fans out. Pure publish/subscribe (DESIGN.md: the broker is kept apart from HTTP);
 * memory-broker.ts is the default, pg-broker.ts fans out across replicas.
 */
export interface HubEvent {
  id: number;
  type: "execution.created" | "execution.updated" | "execution.tool" | "execution.log";
  data: { execution_id: string; status: string; user_id: string; [k: string]: unknown };
}

export interface EventBroker {
  publish(type: HubEvent["type"], data: HubEvent["data"]): Promise<void>;
  subscribe(listener: (e: HubEvent) => void, opts?: { after?: number }): { replayed: HubEvent[]; unsubscribe(): void };
  close(): Promise<void>;
}
