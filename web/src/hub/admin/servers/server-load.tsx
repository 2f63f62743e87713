import type { HubServer } from "./servers-api";

/** The requests the Server was running or queueing at its last poll ("idle" when none). */
export function ServerLoad(props: { server: HubServer }) {
  const running = () => props.server.running;
  return (
    <span title="Requests running or waiting on the Server at its last poll">
      {running() === 0 ? "Idle" : `${running().toLocaleString("en")} running`}
    </span>
  );
}
