import type { CatalogueFunction, CatalogueParam } from "./server-data";

/**
 * The arguments of a Formula row (`{column}` or `{value}`, one per parameter, a repeated
 * last parameter taking several), kept consistent with the catalogue function they serve.
 */

export type FormulaValue = string | number | boolean | null;
export type FormulaArg = { column: string } | { value: FormulaValue };

export interface FormulaRow {
  output: string;
  function: string;
  args?: FormulaArg[];
}

/** One input place of the form: a parameter, and which argument it edits. */
export interface ArgSlot {
  param: CatalogueParam;
  /** The index in `args`. */
  index: number;
  /** For a repeated parameter: which repetition (0-based). */
  repeat?: number;
  /** A repetition above the minimum can be removed. */
  removable: boolean;
}

/** The places a function's arguments take: each parameter once, a repeated one as often as given (at least its minimum). */
export function slotsOf(fn: CatalogueFunction, args: readonly FormulaArg[]): ArgSlot[] {
  const slots: ArgSlot[] = [];
  fn.params.forEach((param, i) => {
    if (!param.repeat) {
      slots.push({ param, index: i, removable: false });
      return;
    }
    const count = Math.max(param.repeat.min, args.length - i);
    for (let r = 0; r < count; r++) slots.push({ param, index: i + r, repeat: r, removable: r >= param.repeat.min });
  });
  return slots;
}

/** Whether an argument fits a parameter's kind. */
export function fits(param: CatalogueParam, arg: FormulaArg | undefined): arg is FormulaArg {
  if (!arg) return false;
  if (param.kind === "column") return "column" in arg;
  if (param.kind === "value") return "value" in arg;
  return true;
}

/** A fresh argument for a parameter: its default value, else an empty column or value. */
export function blankArg(param: CatalogueParam): FormulaArg {
  if (param.default !== undefined && param.kind !== "column") return { value: param.default };
  if (param.kind === "value") return { value: param.type === "boolean" ? false : param.type === "string" ? "" : null };
  return { column: "" };
}

/**
 * The arguments for `fn` when a row switches to it: those of the old arguments that fit
 * keep their place, the required places get blank ones, optional places stay out.
 */
export function argsFor(fn: CatalogueFunction, old: readonly FormulaArg[] = []): FormulaArg[] {
  const out: FormulaArg[] = [];
  for (const slot of slotsOf(fn, old)) {
    const previous = old[slot.index];
    if (fits(slot.param, previous)) out.push(previous);
    else if (slot.param.optional) break;
    else out.push(blankArg(slot.param));
  }
  return out;
}

/** The arguments with one set (`undefined` leaves out an optional trailing one). */
export function setArg(
  fn: CatalogueFunction,
  args: readonly FormulaArg[],
  index: number,
  arg: FormulaArg | undefined,
): FormulaArg[] {
  const out = [...args];
  const slots = slotsOf(fn, args);
  while (out.length < index) {
    const param = slots[out.length]?.param;
    out.push(param ? blankArg(param) : { value: null });
  }
  if (arg === undefined) {
    if (index >= out.length) return out;
    if (index === out.length - 1) {
      out.pop();
      return out;
    }
    const param = slots[index]?.param;
    out[index] = param ? blankArg(param) : { value: null };
    return out;
  }
  out[index] = arg;
  return out;
}

/** The arguments with one more repetition of the repeated parameter. */
export function addRepeat(fn: CatalogueFunction, args: readonly FormulaArg[]): FormulaArg[] {
  const slots = slotsOf(fn, args);
  const last = slots[slots.length - 1];
  if (!last?.param.repeat) return [...args];
  const filled = argsFor(fn, args);
  return [...filled, ...slots.slice(filled.length).map((s) => blankArg(s.param)), blankArg(last.param)];
}

/** The arguments without one (a removable repetition). */
export function removeArg(args: readonly FormulaArg[], index: number): FormulaArg[] {
  return args.filter((_, i) => i !== index);
}

/**
 * A value typed for a parameter: numbers for number and integer parameters, `true`/`false`
 * for booleans; for `any`, text that reads back as the same number or boolean becomes one.
 */
export function parseArgValue(text: string, type: string): FormulaValue {
  const t = text.trim();
  if (type === "number" || type === "integer") return t === "" ? null : Number.isFinite(Number(t)) ? Number(t) : text;
  if (type === "boolean") return t === "true" ? true : t === "false" ? false : null;
  if (type === "any") {
    if (t !== "" && String(Number(t)) === t) return Number(t);
    if (t === "true" || t === "false") return t === "true";
  }
  return text;
}

/** A catalogue function's one-line signature, for the picker (`Round(Number, Decimal places?)`). */
export function signatureOf(fn: CatalogueFunction): string {
  const params = fn.params.map((p) => `${p.label}${p.repeat ? "…" : ""}${p.optional ? "?" : ""}`);
  return `${fn.label}(${params.join(", ")})`;
}
