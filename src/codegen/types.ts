/**
 * The contract between the orchestrator (generate.ts) and each tool's Python generator
 * (src/codegen/tools/<tool>.ts). Types only.
 */

/**
 * A Python function the generated script defines once, before `main()`, because the step it
 * does depends on the data's schema (a join's output columns, a filter value read in the
 * column's type), which is only known when the script runs.
 */
export interface PythonHelper {
  /** The function's name; reserved so no variable takes it. */
  name: string;
  /** Modules its body uses (`os`, `re`, `datetime`), imported at the top of the script. */
  imports?: readonly string[];
  /** Other helpers it calls. */
  uses?: readonly PythonHelper[];
  /** The `def` and its body, unindented. */
  source: string;
}

/** What a tool's generator may ask of the orchestrator. */
export interface CodegenContext {
  /** The tool's id, for errors (ToolConfigError(toolId, ...)). */
  readonly toolId: string;
  /** How the tool is named in comments and messages: its label, or `type id`. */
  readonly title: string;
  /** Output socket → the variable the tool's block assigns it to. */
  readonly outputs: Readonly<Record<string, string>>;
  /** Defines a helper (and the helpers it uses) in the script; answers its name. */
  helper(helper: PythonHelper): string;
  /** Imports a module at the top of the script (`os`, `random`). */
  importModule(module: string): void;
  /** A fresh local variable name for the block (a condition, a seed). */
  local(base: string): string;
  /**
   * Checks an expression string from the config before it is pasted into the script (it must
   * parse and use only the functions Weft's checker accepts); answers it unchanged, or throws
   * a ToolConfigError naming `field`.
   */
  expression(source: string, field: string): string;
  /** Lines `main()` runs once every tool is planned: an Output's write. */
  write(lines: readonly string[]): void;
  /** A package the script needs besides Polars, and why (listed in the script's header). */
  requires(pkg: string, why: string): void;
}

/** The frames wired into each input socket, as variable names, in wire order. */
export type CodegenInputs = Readonly<Record<string, readonly string[]>>;

/**
 * One tool's generator: the lines of its block in `main()` (unindented), which assign every
 * name of `ctx.outputs`. Throws ToolConfigError (or DataSourceError, ValidationError) for a
 * config Weft would refuse without looking at the data, with Weft's own message.
 */
export type ToolCodegen<C> = (config: C, inputs: CodegenInputs, ctx: CodegenContext) => string[];
