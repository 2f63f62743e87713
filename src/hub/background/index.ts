import type { HubDeps } from "../deps";
import { startSessionCleanup } from "./session-cleanup";

/** Every background task of the Hub (hub.md "Background work"), started once; answers their stops. */
export function startBackgroundTasks(deps: HubDeps): (() => void)[] {
  return [startSessionCleanup(deps)];
}
