import type { z } from "@hono/zod-openapi";
import { ValidationError } from "../../shared/errors";
import type { DatabaseSettingsInput, FilesystemSettingsInput } from "./schemas";
import { type ConnectionSettings, type DatabaseSettings, DEFAULT_PORTS } from "./settings";

type DatabaseInput = z.infer<typeof DatabaseSettingsInput>;
type FilesystemInput = z.infer<typeof FilesystemSettingsInput>;

const isAbsolute = (p: string) => p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p);

/**
 * Completes and checks a database connection's settings beyond what the schema can say: a
 * server database needs a host (its port defaults), a SQLite one is an absolute file path
 * and has no server, account or options (they are refused, not silently dropped).
 */
export function completeDatabase(input: Omit<DatabaseSettings, "kind">): DatabaseSettings {
  const database = input.database.trim();
  if (database === "") throw new ValidationError("database: required");
  if (input.dbType === "sqlite") {
    if (!isAbsolute(database)) throw new ValidationError("database: the SQLite file's absolute path");
    for (const [field, value] of Object.entries({
      host: input.host,
      port: input.port,
      username: input.username,
      password: input.password,
    })) {
      if (value !== null && value !== undefined && value !== "") {
        throw new ValidationError(`${field}: a SQLite connection is a file, it has no ${field}`);
      }
    }
    if (Object.keys(input.options).length > 0) throw new ValidationError("options: a SQLite connection takes none");
    return {
      kind: "database",
      dbType: "sqlite",
      host: null,
      port: null,
      database,
      username: null,
      password: null,
      options: {},
    };
  }
  if (!input.host) throw new ValidationError(`host: required for a ${input.dbType} connection`);
  return {
    kind: "database",
    dbType: input.dbType,
    host: input.host,
    port: input.port ?? DEFAULT_PORTS[input.dbType],
    database,
    username: input.username || null,
    password: input.password ?? null,
    options: input.options,
  };
}

/** The settings of a create or test request. */
export function settingsFromInput(input: DatabaseInput | FilesystemInput): ConnectionSettings {
  if (input.type === "filesystem") return { kind: "filesystem", path: input.path, readOnly: input.read_only ?? false };
  return completeDatabase({
    dbType: input.db_type,
    host: input.host ?? null,
    port: input.port ?? null,
    database: input.database,
    username: input.username ?? null,
    password: input.password ?? null,
    options: input.options ?? {},
  });
}
