import { Match, Show, Switch } from "solid-js";
import { Dynamic } from "solid-js/web";
import { type ToolType, toolDef } from "../model/tools";
import { type Editor, useEditor } from "../state/editor";
import { isAt } from "./server-error";
import { createToolContext, type ToolContext } from "./tool-context";
import { TOOL_FORMS } from "./tools";
import "./config-panel.css";

/**
 * The configuration panel (issue 8, point 2): the selected tool's label, type and id, and
 * its form (config/tools/<type>.tsx) built from the tool's JSON schema with column pickers,
 * expression editors, the formula builder and the file picker. Every change goes through
 * `editor.setConfig`, so it is undoable and refreshes the live previews. Below the form,
 * the Server's verdict on the config (errors it could not place at a field).
 */
export function ConfigPanel() {
  const editor = useEditor();
  const selection = () => editor.state.selection;
  const single = () => (selection().length === 1 ? selection()[0] : undefined);
  return (
    <section class="area config-panel cfg" data-testid="config-panel" aria-label="Configuration">
      <Switch>
        <Match when={selection().length > 1}>
          <div class="cfg-empty-state" data-testid="config-multiple">
            <h2>{selection().length} tools selected</h2>
            <p class="muted">Select one tool to configure it. Delete, copy or move the selection on the canvas.</p>
          </div>
        </Match>
        <Match when={single() && editor.tool(single() as string)}>
          <Show when={single()} keyed>
            {(id) => <ToolPanel editor={editor} id={id} />}
          </Show>
        </Match>
        <Match when={true}>
          <div class="cfg-empty-state" data-testid="config-empty">
            <h2>Configuration</h2>
            <p class="muted">
              Select a tool on the canvas to set it up here. Add tools from the palette, then wire an output to an
              input: the columns arriving at a tool fill its pickers.
            </p>
          </div>
        </Match>
      </Switch>
    </section>
  );
}

function ToolPanel(props: { editor: Editor; id: string }) {
  const editor = props.editor;
  const type = editor.tool(props.id)?.type ?? "";
  const def = toolDef(type);
  const ctx = createToolContext(editor, props.id, type);
  const tool = () => editor.tool(props.id);
  const form = TOOL_FORMS[type as ToolType];
  return (
    <div class="cfg-tool" data-testid={`config-tool-${type}`}>
      <header class="cfg-head">
        <span class="cfg-glyph" aria-hidden="true">
          {def?.glyph ?? "?"}
        </span>
        <div class="cfg-title">
          <h2>{def?.label ?? type}</h2>
          <span class="cfg-id" data-testid="config-tool-id">
            {props.id}
          </span>
        </div>
      </header>
      <div class="cfg-field">
        <label class="cfg-label" for={`cfg-${props.id}-label`}>
          Label
        </label>
        <input
          id={`cfg-${props.id}-label`}
          class="cfg-input"
          data-testid="config-label"
          type="text"
          placeholder={def?.label ?? type}
          value={tool()?.label ?? ""}
          onInput={(e) => editor.setLabel(props.id, e.currentTarget.value)}
        />
      </div>
      <Show when={def?.description}>
        <p class="cfg-hint cfg-description">{def?.description}</p>
      </Show>
      <Show when={form} fallback={<p class="cfg-notice bad">This UI has no form for tools of type “{type}”.</p>}>
        <Dynamic component={form} ctx={ctx} />
      </Show>
      <Verdict ctx={ctx} editor={editor} />
    </div>
  );
}

/**
 * The Server's verdict below the form: an error that no field shows (or one of an upstream
 * tool, with a way to go to it), or how many columns the tool gives. A tool that needs setup
 * (model/setup.ts) says what to set instead.
 */
function Verdict(props: { ctx: ToolContext; editor: Editor }) {
  const ctx = props.ctx;
  const check = () => ctx.check();
  const unplaced = () => {
    const error = check().error;
    if (!error) return undefined;
    if (error.field && ctx.shownFields().some((path) => isAt(error, path))) return undefined;
    return error;
  };
  return (
    <div class="cfg-verdict" data-testid="config-status" aria-live="polite">
      <Switch>
        <Match when={check().setup}>
          {(setup) => (
            <p class="cfg-notice" data-testid="config-setup">
              <Show
                when={setup().tool !== ctx.id}
                fallback={
                  <>
                    <strong>Needs setup:</strong> {setup().need}.
                  </>
                }
              >
                Waits for{" "}
                <button type="button" class="cfg-link" onClick={() => props.editor.select([setup().tool])}>
                  {setup().tool}
                </button>{" "}
                upstream, which needs setup: {setup().need}.
              </Show>
            </p>
          )}
        </Match>
        <Match when={check().state === "checking"}>
          <p class="muted">Checking…</p>
        </Match>
        <Match when={check().error?.upstream}>
          <p class="cfg-notice bad" role="alert" data-testid="config-upstream-error">
            The upstream tool{" "}
            <button
              type="button"
              class="cfg-link"
              onClick={() => props.editor.select([check().error?.upstream as string])}
            >
              {check().error?.upstream}
            </button>{" "}
            fails: {check().error?.message}
          </p>
        </Match>
        <Match when={unplaced()}>
          <p class="cfg-notice bad" role="alert" data-testid="config-error">
            {unplaced()?.message}
          </p>
        </Match>
        <Match when={check().state === "error"}>
          <p class="bad">The config has an error: see the marked field.</p>
        </Match>
        <Match when={check().state === "ok"}>
          <p class="ok-text">
            ✓ Config accepted: {check().columns?.length ?? 0} column{check().columns?.length === 1 ? "" : "s"} out
          </p>
        </Match>
      </Switch>
    </div>
  );
}
