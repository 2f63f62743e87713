export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line. */
  child(fields: LogFields): Logger;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Receives each finished line (without newline); stderr by default. */
  sink?: (line: string) => void;
  fields?: LogFields;
}

function errorFields(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  return { name: value.name, message: value.message, stack: value.stack, cause: errorFields(value.cause) };
}

/** A structured logger writing one JSON object per line. */
export function createLogger({ level = "info", sink, fields = {} }: LoggerOptions = {}): Logger {
  const write = sink ?? ((line: string) => process.stderr.write(`${line}\n`));
  const min = RANK[level];
  const log = (lvl: LogLevel, msg: string, extra?: LogFields) => {
    if (RANK[lvl] < min) return;
    const record: LogFields = { ts: new Date().toISOString(), level: lvl, msg, ...fields };
    for (const [k, v] of Object.entries(extra ?? {})) record[k] = errorFields(v);
    write(JSON.stringify(record));
  };
  return {
    debug: (m, f) => log("debug", m, f),
    info: (m, f) => log("info", m, f),
    warn: (m, f) => log("warn", m, f),
    error: (m, f) => log("error", m, f),
    child: (more) => createLogger({ level, sink: write, fields: { ...fields, ...more } }),
  };
}
