import { ensureNativeAddons } from "../runtime/native-addons";
import { runSelfCheck } from "../runtime/self-check";
import { createLogger } from "../shared/logger";
import { StartupError } from "../shared/startup-error";
import { WEFT_VERSION } from "../shared/version";
import { parseArgv } from "./argv";
import { loadConfig } from "./config";
import { ConfigError } from "./config-error";
import { helpText } from "./help";
import { openBrowser } from "./open-browser";
import { type RunningWeft, startWeft } from "./start";

async function selfCheck(io: CliIo): Promise<number> {
  const problem = ensureNativeAddons();
  if (problem) throw new StartupError(problem);
  const result = await runSelfCheck();
  const ok = result.polars.sum === 6 && result.duckdb.answer === 42;
  io.out(
    `${ok ? "ok" : "FAILED"}: polars ${result.polars.version} (sum ${result.polars.sum}), ` +
      `duckdb ${result.duckdb.version} (answer ${result.duckdb.answer}), ${result.ms} ms\n`,
  );
  return ok ? 0 : 1;
}

/** Exit statuses: 0 ok, 1 failed to start, 2 refused (bad setting or argument). */
export const EXIT_REFUSED = 2;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: CliIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
};

/**
 * `weft [server|hub|all] [--flags]`: prints help or the version, or starts the mode and
 * stays up until SIGINT/SIGTERM. Resolves to the exit status once there is one.
 */
export async function runCli(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: CliIo = defaultIo,
): Promise<number> {
  let running: RunningWeft;
  try {
    const args = parseArgv(argv);
    if (args.help) {
      io.out(helpText(WEFT_VERSION));
      return 0;
    }
    if (args.version) {
      io.out(`weft ${WEFT_VERSION}\n`);
      return 0;
    }
    if (args.check) return await selfCheck(io);
    const config = loadConfig({ mode: args.mode, env, flags: args.flags });
    const logger = createLogger({ level: config.logLevel });
    running = await startWeft(config, logger);
    io.out(`Weft ${config.mode} ${WEFT_VERSION} is running at ${running.openUrl}\n`);
    if (config.mode === "server" && !config.noBrowser && process.stdout.isTTY && !env.CI) {
      openBrowser(running.openUrl);
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(`weft: ${err.message}\n`);
      return EXIT_REFUSED;
    }
    if (err instanceof StartupError) {
      io.err(`weft: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  return new Promise<number>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      io.err(`weft: ${signal}, shutting down\n`);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      running.stop().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}
