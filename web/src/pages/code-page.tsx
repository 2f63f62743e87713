import { createResource, createSignal, onCleanup, Show } from "solid-js";
import { useApi } from "../lib/api-context";
import { toApiWorkflow } from "../model/workflow";
import { useEditor } from "../state/editor";
import { downloadText, workflowFileName } from "../state/files";
import { PageError } from "./page-view";

/**
 * The workflow as the standalone Python script the Server generates (`preview_code`),
 * regenerated when the workflow's data changes; copy or download it.
 */
export function CodePage() {
  const editor = useEditor();
  const api = useApi();
  const [code] = createResource(
    // The name is in the script's header comment: a rename regenerates it too.
    () => `${editor.dataVersion()}:${editor.state.doc.meta.name}`,
    () => api.previewCode(toApiWorkflow(editor.snapshot())).then((r) => r.code),
  );
  /** The last code generated (kept while a newer one is on its way); undefined after an error. */
  const text = () => (code.state === "ready" || code.state === "refreshing" ? code.latest : undefined);
  const [copied, setCopied] = createSignal<"copied" | "failed">();
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));

  const copy = async () => {
    const value = text() ?? "";
    let ok = true;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      ok = copyBySelection(value);
    }
    setCopied(ok ? "copied" : "failed");
    clearTimeout(timer);
    timer = setTimeout(() => setCopied(undefined), 2500);
  };
  const fileName = () => workflowFileName(editor.state.doc.meta.name).replace(/\.weft\.json$/, ".py");

  return (
    <div class="code-page">
      <div class="page-actions">
        <button
          type="button"
          class="page-button primary"
          data-testid="code-copy"
          onClick={() => void copy()}
          disabled={!text()}
        >
          {copied() === "copied" ? "Copied ✓" : "Copy"}
        </button>
        <button
          type="button"
          class="page-button"
          data-testid="code-download"
          disabled={!text()}
          onClick={() => downloadText(text() ?? "", fileName(), "text/x-python")}
        >
          Download {fileName()}
        </button>
        <span class="muted" aria-live="polite" data-testid="code-copy-status">
          {copied() === "copied" ? "The code is on the clipboard." : copied() === "failed" ? "Could not copy." : ""}
        </span>
      </div>
      <Show when={code.state === "errored"}>
        <PageError>The Server could not generate code: {(code.error as Error).message}</PageError>
      </Show>
      <Show when={code.state === "pending" || code.state === "unresolved"}>
        <p class="muted">Generating…</p>
      </Show>
      <Show when={text()}>
        {(value) => (
          // A scrollable region must take focus, so that the keyboard can scroll it.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          <section class="code-view" data-testid="code-view" tabIndex={0} aria-label="Python code">
            <pre>
              <code>{value()}</code>
            </pre>
          </section>
        )}
      </Show>
    </div>
  );
}

/** For browsers that refuse the clipboard API (an insecure origin): a hidden textarea and copy. */
function copyBySelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
