import { type HubWorkflowRef, useHubWorkspace } from "../hub-workspace";
import "./revisions-link.css";

/**
 * The designer's word on which Hub workflow and revision it holds (under the name, where a
 * file's name shows otherwise), as a button to that workflow's revisions page.
 */
export function RevisionsLink(props: { current: HubWorkflowRef }) {
  const workspace = useHubWorkspace();
  return (
    <button
      type="button"
      class="toolbar-file toolbar-revisions-link"
      data-testid="toolbar-hub-workflow"
      data-revision={props.current.revision}
      title={`“${props.current.name}” on the Hub, revision ${props.current.revision}: see its revisions`}
      onClick={() => workspace?.show("workflows", props.current.id)}
    >
      <span class="visually-hidden">Hub workflow, </span>
      revision {props.current.revision}
    </button>
  );
}
