import { expect, test } from "bun:test";
import { helpText } from "./help";
import { flagOf, SETTING_NAMES, SETTINGS } from "./settings";

test("--help names the three modes and every setting with its flag, variable and default", () => {
  const text = helpText("9.9.9");
  for (const mode of ["server", "hub", "all"]) expect(text).toMatch(new RegExp(`^  ${mode} `, "m"));
  for (const name of SETTING_NAMES) {
    const line = text.split("\n").findIndex((l) => l.includes(`${flagOf(name)}  [${name}]`));
    expect(line).toBeGreaterThan(-1);
    const description = text.split("\n")[line + 1] ?? "";
    const d: { default?: string; defaultText?: string } = SETTINGS[name];
    const shown = d.default === "" ? "(none)" : (d.default ?? d.defaultText ?? "(unset)");
    expect(description).toContain(`Default: ${shown}`);
  }
});

test("flags are the kebab-case variable names", () => {
  expect(flagOf("MAX_PREVIEW_ROWS")).toBe("--max-preview-rows");
  expect(flagOf("WEFT_DATA_DIR")).toBe("--data-dir");
  expect(flagOf("WEFT_NO_BROWSER")).toBe("--no-browser");
});
