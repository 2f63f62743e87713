import { ConfigError } from "./config-error";
import { flagOf, SETTING_NAMES, SETTINGS, type SettingName } from "./settings";

export const MODES = ["server", "hub", "all"] as const;
export type Mode = (typeof MODES)[number];

export interface ParsedArgs {
  mode: Mode;
  help: boolean;
  version: boolean;
  /** `--check`: load the native engines, run a query on each, and exit. */
  check: boolean;
  /** Raw flag values by setting name, as typed. */
  flags: Partial<Record<SettingName, string>>;
}

const BY_FLAG = new Map(SETTING_NAMES.map((name) => [flagOf(name), name]));
const BOOL_WORDS = new Set(["true", "false", "1", "0", "yes", "no", "on", "off"]);

function isBoolSetting(name: SettingName): boolean {
  const d: { isBool?: boolean } = SETTINGS[name];
  return d.isBool === true;
}

/**
 * Reads `weft [mode] [--flag value | --flag=value | --bool-flag]...`.
 * A boolean flag alone means true; it takes the next word only when that word is a boolean.
 */
export function parseArgv(argv: readonly string[]): ParsedArgs {
  const out: ParsedArgs = { mode: "server", help: false, version: false, check: false, flags: {} };
  let modeSeen = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--help" || arg === "-h" || arg === "help") {
      out.help = true;
      continue;
    }
    if (arg === "--version" || arg === "-v" || arg === "-V") {
      out.version = true;
      continue;
    }
    if (arg === "--check") {
      out.check = true;
      continue;
    }
    if (!arg.startsWith("-")) {
      if (modeSeen) throw new ConfigError(`unexpected argument "${arg}" (the mode is already ${out.mode})`);
      if (!(MODES as readonly string[]).includes(arg)) {
        throw new ConfigError(`unknown mode "${arg}": expected one of ${MODES.join(", ")}`);
      }
      out.mode = arg as Mode;
      modeSeen = true;
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const name = BY_FLAG.get(flag);
    if (!name) throw new ConfigError(`unknown option ${flag} (see weft --help)`);
    let value: string;
    if (eq !== -1) {
      value = arg.slice(eq + 1);
    } else if (isBoolSetting(name)) {
      const next = argv[i + 1];
      if (next !== undefined && BOOL_WORDS.has(next.toLowerCase())) {
        value = next;
        i++;
      } else {
        value = "true";
      }
    } else {
      const next = argv[i + 1];
      if (next === undefined) throw new ConfigError(`option ${flag} needs a value`);
      value = next;
      i++;
    }
    out.flags[name] = value;
  }
  return out;
}
