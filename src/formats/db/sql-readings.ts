/** The SQL dialects whose read-only queries Weft checks. */
export type SqlDialect = "postgresql" | "mysql" | "sqlite" | "mssql";

/**
 * One way a server may read the text. Some lexical rules depend on server settings the
 * policy cannot see (a backslash before a quote escapes it or not), so the policy reads
 * the text once per plausible setting and refuses what any reading refuses.
 */
export interface SqlReading {
  /** A backslash escapes the next character in '...' (PG standard_conforming_strings off; MySQL by default). */
  backslashInStrings: boolean;
  /** MySQL without ANSI_QUOTES: "..." is a string (with the backslash rule above), not a name. */
  doubleQuotedIsString: boolean;
  /** A lone carriage return ends a -- comment (PostgreSQL; SQL Server perhaps). */
  crEndsLineComment: boolean;
  /** Named in a refusal that only this reading finds ("" for the default reading). */
  note: string;
}

const DEFAULTS = { backslashInStrings: false, doubleQuotedIsString: false, crEndsLineComment: false, note: "" };

/** The readings of each dialect, the server's defaults first. */
export function readingsOf(dialect: SqlDialect): SqlReading[] {
  switch (dialect) {
    case "postgresql":
      return [
        { ...DEFAULTS, crEndsLineComment: true },
        {
          ...DEFAULTS,
          crEndsLineComment: true,
          backslashInStrings: true,
          note: "with standard_conforming_strings off",
        },
      ];
    case "mysql":
      return [
        { ...DEFAULTS, backslashInStrings: true, doubleQuotedIsString: true },
        { ...DEFAULTS, backslashInStrings: true, note: "with sql_mode ANSI_QUOTES" },
        { ...DEFAULTS, note: "with sql_mode NO_BACKSLASH_ESCAPES" },
      ];
    case "sqlite":
      return [DEFAULTS];
    case "mssql":
      // Whether SQL Server ends a -- comment at a lone CR is not documented: read it both ways.
      return [
        { ...DEFAULTS, crEndsLineComment: true },
        { ...DEFAULTS, note: "if a lone carriage return does not end a -- comment" },
      ];
  }
}
