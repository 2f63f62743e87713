import { type Accessor, createContext, useContext } from "solid-js";
import type { HubUser } from "../lib/hub-types";

/** The signed-in person, for the parts of the app that show or end the session. */
export interface HubAccount {
  user: Accessor<HubUser | undefined>;
  /** Ends the session on the Hub and in this tab; the sign-in page follows. */
  signOut(): Promise<void>;
  /** Grows at each sign-in after a session ended: what failed for want of one asks again. */
  renewals: Accessor<number>;
}

const HubAccountContext = createContext<HubAccount>();

/** Given by the Hub's app (hub-app.tsx); absent in `server` mode. */
export const HubAccountProvider = HubAccountContext.Provider;

/** The signed-in person, or undefined when no Hub serves this page. */
export function useHubAccount(): HubAccount | undefined {
  return useContext(HubAccountContext);
}
