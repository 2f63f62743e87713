import { Show } from "solid-js";
import { choices, Field, NumberInput, SelectInput } from "../fields/inputs";
import { enumAt } from "../json-schema";
import type { ToolContext } from "../tool-context";

interface SampleConfig {
  method: string;
  n?: number | null;
  fraction?: number | null;
  seed?: number | null;
}

const METHOD_LABELS: Record<string, string> = {
  first: "First rows",
  last: "Last rows",
  random: "Random rows",
  every_nth: "Every n-th row",
  percent: "A random share (percent)",
};

/** Sample: the method, with `n` (first, last, random, every n-th), a percent (`fraction`) and a seed. */
export function SampleForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<SampleConfig>();
  const method = () => config().method;
  const set = (key: "n" | "fraction" | "seed", value: number | undefined, gesture?: string) =>
    ctx.update<SampleConfig>((c) => {
      if (value === undefined) delete c[key];
      else c[key] = value;
    }, gesture);
  const percent = () =>
    typeof config().fraction === "number" ? Math.round((config().fraction as number) * 1e6) / 1e4 : null;
  return (
    <div class="cfg-form">
      <Field label="Keep" for={ctx.fieldId("method")}>
        <SelectInput
          id={ctx.fieldId("method")}
          testid="field-method"
          value={method()}
          choices={choices(enumAt(ctx.schema(), "method"), METHOD_LABELS)}
          onChange={(v) =>
            ctx.update<SampleConfig>((c) => {
              c.method = v;
              if (v === "percent" && c.fraction == null) c.fraction = 0.1;
              if (v !== "percent" && c.n == null) c.n = 100;
            })
          }
        />
      </Field>
      <Show when={method() !== "percent"}>
        <Field
          label={method() === "every_nth" ? "Every n-th row: n" : "Number of rows"}
          for={ctx.fieldId("n")}
          error={ctx.fieldError("n")}
        >
          <NumberInput
            id={ctx.fieldId("n")}
            testid="field-n"
            min={1}
            value={config().n}
            onInput={(v) => set("n", v, "n")}
          />
        </Field>
      </Show>
      <Show when={method() === "percent"}>
        <Field label="Percent of the rows" for={ctx.fieldId("fraction")} error={ctx.fieldError("fraction")}>
          <NumberInput
            id={ctx.fieldId("fraction")}
            testid="field-fraction"
            min={0}
            max={100}
            step="any"
            value={percent()}
            onInput={(v) => set("fraction", v === undefined ? undefined : v / 100, "fraction")}
          />
        </Field>
      </Show>
      <Show when={method() === "random" || method() === "percent"}>
        <Field
          label="Seed"
          for={ctx.fieldId("seed")}
          hint="The same seed picks the same rows; none: different rows each run."
          error={ctx.fieldError("seed")}
        >
          <NumberInput
            id={ctx.fieldId("seed")}
            testid="field-seed"
            min={0}
            value={config().seed}
            placeholder="none"
            onInput={(v) => set("seed", v, "seed")}
          />
        </Field>
      </Show>
    </div>
  );
}
