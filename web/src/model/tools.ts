import { TOOL_CATALOG } from "../../../src/tools/catalog";
import { TOOL_GROUPS, TOOL_TYPES, type ToolGroup, type ToolMeta, type ToolType } from "../../../src/tools/tool-meta";

/**
 * The 13 tool types as the designer shows them, read from the tools' own descriptions
 * (src/tools/<tool>/meta.ts, gathered in src/tools/catalog.ts): this file only reshapes them
 * for the canvas (sockets with their marks) and orders them for the palette (by group, and
 * within a group in the catalog's order).
 */

export { TOOL_GROUPS, type ToolGroup, type ToolType };

export interface SocketDef {
  id: string;
  label: string;
  /** An input socket that takes many wires (Union). */
  multiple?: boolean;
}

export interface ToolDef {
  type: ToolType;
  label: string;
  group: ToolGroup;
  description: string;
  /** A short glyph drawn in the tool's icon. */
  glyph: string;
  inputs: SocketDef[];
  outputs: SocketDef[];
  defaultConfig: () => Record<string, unknown>;
}

function designerTool(meta: ToolMeta): ToolDef {
  const label = (id: string) => meta.socketLabels?.[id] ?? "";
  return {
    type: meta.type,
    label: meta.label,
    group: meta.group,
    description: meta.description,
    glyph: meta.glyph,
    inputs: meta.inputs.map((s) =>
      s.multiple ? { id: s.id, label: label(s.id), multiple: true } : { id: s.id, label: label(s.id) },
    ),
    outputs: meta.outputs.map((id) => ({ id, label: label(id) })),
    defaultConfig: meta.defaultConfig,
  };
}

/** Every tool type, grouped as the palette shows them. */
export const TOOLS: readonly ToolDef[] = TOOL_GROUPS.flatMap((group) =>
  TOOL_TYPES.filter((type) => TOOL_CATALOG[type].group === group).map((type) => designerTool(TOOL_CATALOG[type])),
);

const BY_TYPE = new Map(TOOLS.map((tool) => [tool.type, tool]));

/** The definition of a tool type; undefined for a type this UI does not know. */
export function toolDef(type: string): ToolDef | undefined {
  return BY_TYPE.get(type as ToolType);
}
