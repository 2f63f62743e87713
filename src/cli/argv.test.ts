import { describe, expect, test } from "bun:test";
import { parseArgv } from "./argv";
import { ConfigError } from "./config-error";

describe("parseArgv", () => {
  test("no arguments is the server mode", () => {
    expect(parseArgv([])).toEqual({ mode: "server", help: false, version: false, check: false, flags: {} });
  });

  test.each(["server", "hub", "all"] as const)("mode %s", (mode) => {
    expect(parseArgv([mode]).mode).toBe(mode);
  });

  test("flags as --name value and --name=value, kebab case, WEFT_ prefix dropped", () => {
    const { flags } = parseArgv(["all", "--port", "9000", "--max-preview-rows=50", "--data-dir", "/x"]);
    expect(flags).toEqual({ PORT: "9000", MAX_PREVIEW_ROWS: "50", WEFT_DATA_DIR: "/x" });
  });

  test("a boolean flag alone means true and takes the next word only when it is a boolean", () => {
    expect(parseArgv(["--no-browser", "hub"]).flags).toEqual({ WEFT_NO_BROWSER: "true" });
    expect(parseArgv(["--no-browser", "hub"]).mode).toBe("hub");
    expect(parseArgv(["--archive-enabled", "false"]).flags).toEqual({ ARCHIVE_ENABLED: "false" });
    expect(parseArgv(["--cache-enabled=no"]).flags).toEqual({ CACHE_ENABLED: "no" });
  });

  test("a value may start with a dash when given with =", () => {
    expect(parseArgv(["--api-key=-abc"]).flags).toEqual({ API_KEY: "-abc" });
  });

  test("help, version and check", () => {
    expect(parseArgv(["--help"]).help).toBe(true);
    expect(parseArgv(["-h"]).help).toBe(true);
    expect(parseArgv(["--version"]).version).toBe(true);
    expect(parseArgv(["--check"]).check).toBe(true);
  });

  test.each([
    [["serve"], 'unknown mode "serve"'],
    [["--prot", "1"], "unknown option --prot"],
    [["--port"], "option --port needs a value"],
    [["hub", "server"], 'unexpected argument "server"'],
  ])("%p is refused", (argv, message) => {
    expect(() => parseArgv(argv)).toThrow(ConfigError);
    expect(() => parseArgv(argv)).toThrow(message);
  });
});
