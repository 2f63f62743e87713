/**
 * The 13 tool types as the designer shows them: palette group, sockets (ids as the Server
 * names them, labels as the canvas shows them) and the config a new tool starts with.
 * tests/e2e/catalog.test.ts checks the ids and sockets against the Server's tool registry.
 */

export type ToolType =
  | "input"
  | "output"
  | "filter"
  | "select"
  | "sort"
  | "formula"
  | "join"
  | "union"
  | "summarize"
  | "calculate"
  | "pivot"
  | "unpivot"
  | "sample";

export type ToolGroup = "In/Out" | "Preparation" | "Join" | "Transform";

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

const IN: SocketDef[] = [{ id: "input", label: "" }];
const OUT: SocketDef[] = [{ id: "output", label: "" }];

export const TOOLS: readonly ToolDef[] = [
  {
    type: "input",
    label: "Input",
    group: "In/Out",
    description: "Read a file or a database table",
    glyph: "⇥",
    inputs: [],
    outputs: OUT,
    defaultConfig: () => ({ source: "" }),
  },
  {
    type: "output",
    label: "Output",
    group: "In/Out",
    description: "Write the data to a file",
    glyph: "⇤",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ path: "" }),
  },
  {
    type: "filter",
    label: "Filter",
    group: "Preparation",
    description: "Keep the rows that match a condition",
    glyph: "⊻",
    inputs: IN,
    outputs: [
      { id: "output-true", label: "T" },
      { id: "output-false", label: "F" },
    ],
    defaultConfig: () => ({ mode: "expression", expression: "" }),
  },
  {
    type: "select",
    label: "Select",
    group: "Preparation",
    description: "Choose, order, rename and retype columns",
    glyph: "☰",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ columns: [], keep_others: true }),
  },
  {
    type: "sort",
    label: "Sort",
    group: "Preparation",
    description: "Order rows by columns",
    glyph: "⇅",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ by: [] }),
  },
  {
    type: "formula",
    label: "Formula",
    group: "Preparation",
    description: "Add columns with no-code functions",
    glyph: "ƒ",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ formulas: [] }),
  },
  {
    type: "sample",
    label: "Sample",
    group: "Preparation",
    description: "Keep the first, last, every n-th or random rows",
    glyph: "⋯",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ method: "first", n: 100 }),
  },
  {
    type: "join",
    label: "Join",
    group: "Join",
    description: "Match rows of two inputs on keys",
    glyph: "⋈",
    inputs: [
      { id: "input-left", label: "L" },
      { id: "input-right", label: "R" },
    ],
    outputs: [
      { id: "output-left", label: "L" },
      { id: "output-match", label: "J" },
      { id: "output-right", label: "R" },
    ],
    defaultConfig: () => ({ how: "inner", left_on: [], right_on: [] }),
  },
  {
    type: "union",
    label: "Union",
    group: "Join",
    description: "Stack inputs by column name or position",
    glyph: "∪",
    inputs: [{ id: "input", label: "", multiple: true }],
    outputs: OUT,
    defaultConfig: () => ({ mode: "by_name" }),
  },
  {
    type: "summarize",
    label: "Summarize",
    group: "Transform",
    description: "Group rows and aggregate",
    glyph: "Σ",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ group_by: [], aggregations: [] }),
  },
  {
    type: "calculate",
    label: "Calculate",
    group: "Transform",
    description: "Add or replace columns with expressions",
    glyph: "=",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ columns: [] }),
  },
  {
    type: "pivot",
    label: "Pivot",
    group: "Transform",
    description: "Turn a column's values into columns",
    glyph: "⊞",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ index: [], on: "", values: [], aggregate: "sum" }),
  },
  {
    type: "unpivot",
    label: "Unpivot",
    group: "Transform",
    description: "Turn columns into rows",
    glyph: "⊟",
    inputs: IN,
    outputs: OUT,
    defaultConfig: () => ({ index: [] }),
  },
];

export const TOOL_GROUPS: readonly ToolGroup[] = ["In/Out", "Preparation", "Join", "Transform"];

const BY_TYPE = new Map(TOOLS.map((tool) => [tool.type, tool]));

/** The definition of a tool type; undefined for a type this UI does not know. */
export function toolDef(type: string): ToolDef | undefined {
  return BY_TYPE.get(type as ToolType);
}
