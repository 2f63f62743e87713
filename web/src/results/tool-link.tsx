import { toolDef } from "../model/tools";
import type { Editor } from "../state/editor";

/** A tool's name for people: its label, else its type's label. */
export function toolName(editor: Editor, id: string): string {
  const tool = editor.tool(id);
  if (!tool) return id;
  return tool.label || toolDef(tool.type)?.label || tool.type;
}

/** A tool named in a summary: selects it on the canvas. */
export function ToolLink(props: { editor: Editor; id: string }) {
  const exists = () => props.editor.tool(props.id) !== undefined;
  return (
    <button
      type="button"
      class="run-tool-link"
      onClick={() => props.editor.select([props.id])}
      disabled={!exists()}
      title={exists() ? `Select ${props.id} on the canvas` : `${props.id} is no longer in the workflow`}
    >
      {toolName(props.editor, props.id)} <span class="muted">{props.id}</span>
    </button>
  );
}
