import { createResource, Show } from "solid-js";
import type { HubClient } from "../../lib/hub-api";
import { artifactBlob, type ExecutionArtifact } from "./executions-api";

/**
 * The run's log: the stored one once the run has ended (every line it kept), and until then
 * the lines the live feed brought since this page opened.
 */
export function ExecutionLog(props: {
  hub: HubClient;
  executionId: string;
  stored: ExecutionArtifact | undefined;
  liveLines: string[];
}) {
  const [text] = createResource(
    () => props.stored?.id,
    async (id) => await (await artifactBlob(props.hub, props.executionId, id)).text(),
  );
  const shown = () => text() ?? props.liveLines.join("\n");
  return (
    <Show
      when={shown()}
      fallback={
        <p class="runs-note" data-testid="execution-log-empty">
          No log lines yet: they appear here as the run writes them.
        </p>
      }
    >
      <Show when={!props.stored}>
        <p class="runs-note">
          The lines heard live while Executions was open; the whole log is stored when the run ends.
        </p>
      </Show>
      <pre class="runs-pre" data-testid="execution-log" tabindex="0">
        {shown()}
      </pre>
    </Show>
  );
}
