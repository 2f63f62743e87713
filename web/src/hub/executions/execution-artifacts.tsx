import { createSignal, For, Show } from "solid-js";
import type { HubClient } from "../../lib/hub-api";
import { artifactBlob, type ExecutionArtifact } from "./executions-api";
import { saveBlob } from "./save-blob";

const KIND_LABEL: Record<string, string> = {
  preview: "Result previews",
  output: "Files written",
  log: "Log",
  code: "Python code",
  plan: "Plan",
  connections: "Connections named",
};

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** What the run stored, each downloadable (read with the session, saved as a file). */
export function ExecutionArtifacts(props: { hub: HubClient; executionId: string; artifacts: ExecutionArtifact[] }) {
  const [busy, setBusy] = createSignal<string>();
  const [failure, setFailure] = createSignal<string>();
  const download = async (artifact: ExecutionArtifact) => {
    setBusy(artifact.id);
    setFailure(undefined);
    try {
      saveBlob(await artifactBlob(props.hub, props.executionId, artifact.id), artifact.name);
    } catch (err) {
      setFailure(`Could not download ${artifact.name}: ${(err as Error).message}`);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Show
      when={props.artifacts.length > 0}
      fallback={
        <p class="runs-note" data-testid="execution-artifacts-empty">
          Nothing stored yet: a run stores its previews, log, code and plan when it ends.
        </p>
      }
    >
      <ul class="runs-artifacts" data-testid="execution-artifacts">
        <For each={props.artifacts}>
          {(artifact) => (
            <li data-testid="execution-artifact" data-kind={artifact.kind}>
              <button
                type="button"
                data-testid={`execution-download-${artifact.kind}`}
                aria-busy={busy() === artifact.id}
                title={`SHA-256 ${artifact.sha256}`}
                onClick={() => void download(artifact)}
              >
                Download {artifact.name}
              </button>
              <span class="runs-note">
                {KIND_LABEL[artifact.kind] ?? artifact.kind} · {size(artifact.size)}
              </span>
            </li>
          )}
        </For>
      </ul>
      <Show when={failure()}>
        <p class="hub-page-error" role="alert">
          {failure()}
        </p>
      </Show>
    </Show>
  );
}
