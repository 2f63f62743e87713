/**
 * The execution events a Hub fans out to its stream clients (decisions.md "Execution
 * stream"). The in-memory broker serves one Hub; pg-broker.ts carries the same events to
 * every replica through PostgreSQL (EVENT_BROKER_BACKEND=postgresql).
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
