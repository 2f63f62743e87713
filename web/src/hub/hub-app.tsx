import { createEffect, createSignal, Match, Show, Switch } from "solid-js";
import { App } from "../app";
import { ApiError, createApiClient } from "../lib/api";
import { capabilityFetch } from "../lib/capability-fetch";
import { createHubClient } from "../lib/hub-api";
import type { HubSession, HubStatus } from "../lib/hub-types";
import { FirstRunSetup } from "./first-run-setup";
import { type HubAccount, HubAccountProvider } from "./hub-account";
import { HubShell } from "./hub-shell";
import { createHubWorkspace, HubWorkspaceProvider } from "./hub-workspace";
import type { SessionStore } from "./session";
import { SignIn } from "./sign-in";

export interface HubAppProps {
  /** The Hub's public status when the page loaded (lib/backend.ts), asked with the tab's session if any. */
  status: HubStatus;
  /** Where the designer's Server is: this process (`weft all`) or the one each token names (`weft hub`). */
  server: "here" | "endpoint";
  session: SessionStore;
}

/**
 * The app when a Hub serves the page (`weft hub`, `weft all`): first-run setup while the Hub
 * has no account, the sign-in without a session, then the shell (hub-shell.tsx: the designer
 * and the Workflows page), whose designer's Server requests
 * each get a capability token with the session. A session the Hub stops accepting brings the
 * sign-in over the designer, which stays mounted: nothing typed is lost, and the person is
 * where they were when they have signed in again.
 */
export function HubApp(props: HubAppProps) {
  const session = props.session;
  const hub = createHubClient({ base: "/api/v1", session: session.token, onSessionEnded: () => session.markEnded() });
  const api = createApiClient({ base: "/api", fetch: capabilityFetch({ hub, server: props.server }) });
  const workspace = createHubWorkspace(hub);
  const [needsSetup, setNeedsSetup] = createSignal(props.status.needs_setup);
  const signedIn = (started: HubSession) => {
    setNeedsSetup(false);
    session.start(started);
    // The live feed stops at a 401 (the session ended): it follows the new session.
    workspace.feed.restart();
  };
  const account: HubAccount = {
    user: session.user,
    renewals: session.renewals,
    async signOut() {
      // The tab forgets the token whatever the Hub answers: a session that already ended is a
      // 401; one the Hub could not be told about ends at its expiry.
      await hub.logout().catch((err: unknown) => {
        if (!(err instanceof ApiError)) console.warn("sign-out: the Hub did not answer", err);
      });
      session.clear();
    },
  };
  return (
    <Switch>
      <Match when={!session.signedIn() && needsSetup()}>
        <FirstRunSetup hub={hub} onSignedIn={signedIn} />
      </Match>
      <Match when={!session.signedIn()}>
        <SignIn hub={hub} onSignedIn={signedIn} />
      </Match>
      <Match when={true}>
        {/* While the sign-in is over it, the work below takes no focus nor click (inert). */}
        <div class="hub-work" ref={(el) => createEffect(() => (el.inert = session.ended()))}>
          <HubAccountProvider value={account}>
            <HubWorkspaceProvider value={workspace}>
              <HubShell designer={<App api={api} />} />
            </HubWorkspaceProvider>
          </HubAccountProvider>
        </div>
        <Show when={session.ended()}>
          <SignIn hub={hub} ended username={session.user()?.username} onSignedIn={signedIn} />
        </Show>
      </Match>
    </Switch>
  );
}
