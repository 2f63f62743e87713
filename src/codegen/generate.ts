import { buildPlan, type PlannedTool } from "../engine/plan";
import { ExpressionError } from "../expr/expression-error";
import type { AcceptedFunctions } from "../expr/functions";
import { parseExpression } from "../expr/parser";
import { printExpression } from "../expr/print";
import { ToolConfigError } from "../shared/errors";
import type { Workflow } from "../shared/workflow";
import { TOOL_CATALOG } from "../tools/catalog";
import type { ToolType } from "../tools/tool-meta";
import { CODEGEN_CATALOG } from "./catalog";
import { guardExpression } from "./expression-guard";
import { PYTHON_GENERATORS } from "./generators";
import { Namer } from "./names";
import { PREVIEW_ROWS, SHOW_HELPER } from "./prelude";
import { commentText, identifierFrom, pyStr } from "./python-text";
import type { CodegenContext, PythonHelper } from "./types";

/** What code generation needs besides the workflow. */
export interface GenerateOptions {
  /** The names Weft's expression checker accepts (`/api/polars/functions`), for pasted expressions. */
  functions: AcceptedFunctions;
}

/** What the Python needs besides Polars, and what it writes and previews, gathered while the blocks are made. */
interface Script {
  helpers: Map<string, PythonHelper>;
  imports: Set<string>;
  requires: Map<string, Set<string>>;
  writes: string[][];
  blocks: string[][];
  previews: string[];
}

/** Characters an expression keeps as written; any other one outside a string is escaped by printing it anew. */
const PLAIN_EXPRESSION = /^[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]*$/u;

/** `output` → "", `output-true` → "true", `output-match` → "match". */
const suffixOf = (socket: string) => (socket === "output" ? "" : socket.replace(/^output-/, ""));

function titleOf(tool: PlannedTool): string {
  const name = TOOL_CATALOG[tool.type as ToolType].label;
  return tool.node.label?.trim() ? `${name} "${tool.node.label.trim()}" (${tool.id})` : `${name} ${tool.id}`;
}

function addHelper(script: Script, helper: PythonHelper): string {
  for (const used of helper.uses ?? []) addHelper(script, used);
  if (!script.helpers.has(helper.name)) script.helpers.set(helper.name, helper);
  for (const module of helper.imports ?? []) script.imports.add(module);
  return helper.name;
}

/**
 * The text an expression is pasted as: checked first (guardExpression); then as written,
 * unless it holds characters that are not plain text outside a string (tabs, non-breaking
 * spaces, bidirectional controls), when it is printed anew from its syntax tree with
 * every such character escaped: the same expression, safe to read.
 */
function pasteable(source: string, field: string, toolId: string, functions: AcceptedFunctions): string {
  try {
    guardExpression(source, functions);
    // Line breaks and spaces are plain; a carriage return is not (Python reads it as a line break).
    const plain = source.replace(/[\n ]/g, "");
    return PLAIN_EXPRESSION.test(plain) ? source.trim() : printExpression(parseExpression(source));
  } catch (error) {
    if (error instanceof ExpressionError) {
      throw new ToolConfigError(toolId, `Tool "${toolId}", ${field}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** The Python lines of `main()`'s body: each tool's block, then the writes, then the previews. */
function mainBody(script: Script): string[] {
  const body: string[] = [];
  for (const block of script.blocks) body.push(...block, "");
  if (script.writes.length > 0) {
    body.push("# ── Write the outputs (Weft writes them once every tool is planned)");
    for (const write of script.writes) body.push(...write);
    body.push("");
  }
  if (script.previews.length > 0) {
    body.push("# ── Preview the tools whose output nothing reads", ...script.previews);
  }
  while (body.at(-1) === "") body.pop();
  if (body.length === 0) body.push('print("The workflow has no tools.")');
  // A line may hold line breaks inside an expression's parentheses or a triple-quoted string:
  // only its first line is indented, so the text inside strings stays exactly as written.
  return body.map((line) => (line === "" ? "" : `    ${line}`));
}

function header(workflow: Workflow, script: Script): string[] {
  const name = typeof workflow.meta.name === "string" && workflow.meta.name.trim() ? workflow.meta.name : undefined;
  const packages = ["polars>=1.25", ...script.requires.keys()];
  const lines = [
    `# ${commentText(name ?? workflow.meta.workflow_id, 100)}: a Weft workflow as standalone Python,`,
    "# with Polars' lazy API. Each block of main() is one tool of the workflow, in run order.",
    ...(name ? [`# Workflow id: ${commentText(workflow.meta.workflow_id, 100)}`] : []),
    "#",
    "# Needs Python 3.9+ and Polars 1.25 or later (written against Polars 1.44):",
    `#     pip install ${packages.map((p) => (p.includes(">") ? `"${p}"` : p)).join(" ")}`,
    ...[...script.requires].map(([pkg, why]) => `#   ${pkg}: ${[...why].join("; ")}`),
    "# Run it with `python <this file>`. Weft's server limits (pivot width, cross join rows,",
    "# unpivot cells) are not applied here.",
  ];
  return lines;
}

/**
 * Standalone Python for a workflow (preview_code, docs/server-api.md "Workflow"): `import polars
 * as pl`, the helpers the tools need, and a `main()` with one commented block per tool in plan
 * order, the Output writes, and a preview of each tool nothing reads from. The workflow is
 * validated by the engine's own plan first, so a bad graph or config is the same 400 as on the
 * other routes; no Polars is loaded and no file or database is touched.
 */
export function generatePython(workflow: Workflow, options: GenerateOptions): string {
  const plan = buildPlan(workflow, CODEGEN_CATALOG);
  const namer = new Namer();
  const variables = new Map<string, Record<string, string>>();
  for (const id of plan.order) {
    const tool = plan.tools.get(id) as PlannedTool;
    const sockets = CODEGEN_CATALOG[tool.type as ToolType].outputs;
    const fallback = identifierFrom(`${tool.type} ${tool.id}`, tool.type);
    const bySuffix = namer.freshGroup(tool.node.label ?? "", fallback, sockets.map(suffixOf));
    variables.set(id, Object.fromEntries(sockets.map((s) => [s, bySuffix[suffixOf(s)] as string])));
  }

  const script: Script = {
    helpers: new Map(),
    imports: new Set(),
    requires: new Map(),
    writes: [],
    blocks: [],
    previews: [],
  };
  for (const id of plan.order) {
    const tool = plan.tools.get(id) as PlannedTool;
    const title = titleOf(tool);
    const outputs = variables.get(id) as Record<string, string>;
    const ctx: CodegenContext = {
      toolId: id,
      title,
      outputs,
      helper: (helper) => addHelper(script, helper),
      importModule: (module) => script.imports.add(module),
      local: (base) => namer.fresh(base, base),
      expression: (source, field) => pasteable(source, field, id, options.functions),
      write: (lines) => script.writes.push([`# ${commentText(title)}`, ...lines]),
      requires: (pkg, why) => script.requires.set(pkg, (script.requires.get(pkg) ?? new Set()).add(why)),
    };
    const inputs = Object.fromEntries(
      Object.entries(tool.inputs).map(([socket, refs]) => [
        socket,
        refs.map((ref) => variables.get(ref.tool)?.[ref.socket] as string),
      ]),
    );
    const lines = PYTHON_GENERATORS[tool.type as ToolType](tool.config, inputs, ctx);
    script.blocks.push([`# ── ${commentText(title)}`, ...lines]);
    const isLeaf = Object.keys(tool.consumers).length === 0;
    if (isLeaf && tool.type !== "output") {
      const show = addHelper(script, SHOW_HELPER);
      for (const [socket, variable] of Object.entries(outputs)) {
        const label = Object.keys(outputs).length > 1 ? `${title}, ${socket}` : title;
        script.previews.push(`${show}(${pyStr(label)}, ${variable})`);
      }
    }
  }

  const imports = [...script.imports].sort().map((module) => `import ${module}`);
  const lines = [
    ...header(workflow, script),
    "",
    ...imports,
    ...(imports.length > 0 ? [""] : []),
    "import polars as pl",
    "",
    ...(script.helpers.has(SHOW_HELPER.name) ? [`PREVIEW_ROWS = ${PREVIEW_ROWS}`, ""] : []),
  ];
  for (const helper of script.helpers.values()) lines.push("", helper.source, "");
  lines.push("", "def main() -> None:", ...mainBody(script), "", "", 'if __name__ == "__main__":', "    main()", "");
  return lines.join("\n");
}
