/**
 * How the palette hands a tool to the canvas: by HTML5 drag and drop (the type under
 * TOOL_DRAG_TYPE, dropped where the pointer is), or by a request (Enter or double-click)
 * that the canvas answers by placing the tool at the centre of its view.
 */
export const TOOL_DRAG_TYPE = "application/x-weft-tool";

const ADD_TOOL_EVENT = "weft:add-tool";

/** Asks the canvas to add a tool of `type` in the middle of what it shows. */
export function requestAddTool(type: string): void {
  window.dispatchEvent(new CustomEvent(ADD_TOOL_EVENT, { detail: { type } }));
}

/** Listens for add requests; answers the function that stops listening. */
export function onAddToolRequest(handler: (type: string) => void): () => void {
  const listener = (event: Event) => {
    const type = (event as CustomEvent<{ type?: unknown }>).detail?.type;
    if (typeof type === "string") handler(type);
  };
  window.addEventListener(ADD_TOOL_EVENT, listener);
  return () => window.removeEventListener(ADD_TOOL_EVENT, listener);
}
