import { flagOf, SETTING_NAMES, SETTINGS, type SettingName, type SettingScope } from "./settings";

const HEADINGS: Record<SettingScope, string> = {
  common: "Settings for every mode",
  server: "Server settings (weft server, weft all)",
  hub: "Hub settings (weft hub, weft all)",
};

function defaultOf(name: SettingName): string {
  const d: { default?: string; defaultText?: string } = SETTINGS[name];
  if (d.default !== undefined) return d.default === "" ? "(none)" : d.default;
  return d.defaultText ?? "(unset)";
}

/** The settings as a Markdown table (README.md), grouped like `--help`. */
export function settingsMarkdown(): string {
  const lines = ["| Variable | Flag | Modes | Default | What it does |", "|---|---|---|---|---|"];
  const modes: Record<SettingScope, string> = { common: "all", server: "server, all", hub: "hub, all" };
  for (const scope of ["common", "server", "hub"] as const) {
    for (const name of SETTING_NAMES) {
      const d: { describe: string; scope: SettingScope } = SETTINGS[name];
      if (d.scope !== scope) continue;
      const dflt = defaultOf(name).replaceAll("|", "\\|");
      lines.push(`| \`${name}\` | \`${flagOf(name)}\` | ${modes[scope]} | ${dflt} | ${d.describe} |`);
    }
  }
  return lines.join("\n");
}

/** The text of `weft --help`: the modes, then every setting with its flag and default. */
export function helpText(version: string): string {
  const lines = [
    `weft ${version}: visual data workflows (Server, Hub and web UI in one executable)`,
    "",
    "Usage: weft [server|hub|all] [--setting value ...]",
    "",
    "Modes:",
    "  server   the local analyst's Server and web UI on 127.0.0.1:25811 (default)",
    "  hub      the team Hub: accounts, shared connections, schedules, audit log (/api/v1)",
    "  all      Hub and Server in one process on one port",
    "",
    "Every setting is an environment variable and a --kebab-case flag; a flag wins.",
    "A boolean flag alone means true (--no-browser); --flag=false turns one off.",
    "  --help, -h       print this help",
    "  --version, -v    print the version",
    "  --check          load the data engines (Polars, DuckDB), run a query on each, and exit",
  ];
  for (const scope of ["common", "server", "hub"] as const) {
    lines.push("", `${HEADINGS[scope]}:`);
    for (const name of SETTING_NAMES) {
      const d: { describe: string; scope: SettingScope } = SETTINGS[name];
      if (d.scope !== scope) continue;
      lines.push(`  ${flagOf(name)}  [${name}]`, `      ${d.describe}. Default: ${defaultOf(name)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
