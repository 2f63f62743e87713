import type { SqlDialect } from "./sql-readings";

/**
 * A word refused wherever it stands as a bare word (not inside a string, a quoted name or
 * a comment). Most can only start a statement, which the first-word and single-statement
 * rules already stop; they are refused anywhere as a second net, and because SQL Server
 * starts a new statement without any `;`.
 */
export interface RefusedWord {
  /** The word in capitals; matched case-insensitively, after Unicode NFKC folding. */
  word: string;
  why: string;
  /** The dialects it is refused in; all when absent. */
  only?: readonly SqlDialect[];
  /** Allowed directly before `(`: the function of the same name (REPLACE(s, a, b), MySQL TRUNCATE(x, 2)). */
  unlessCall?: true;
  /** Refused only before one of these words ("'" stands for a string literal): COMMENT ON, LOAD DATA. */
  before?: readonly string[];
  /** Refused only directly after these words (FOR SHARE, FOR KEY SHARE). */
  after?: readonly string[];
  /** Allowed after this word in MySQL: CAST(x AS CHAR CHARACTER SET utf8mb4). */
  allowedAfterInMysql?: string;
  /** How the refusal names it, when not `word`. */
  display?: string;
}

const WRITES = "writes data";
const SCHEMA = "changes the schema";
const PRIVILEGES = "changes privileges";
const TRANSACTIONS = "controls transactions";
const SESSION = "changes the session";
const LOCKS = "takes or releases locks";
const RUNS = "runs other statements or procedures";
const FILES = "reads or writes files, programs or other servers";
const MAINTENANCE = "runs maintenance";
const ADMIN = "administers the server";
const WAITS = "makes the server wait";
const INTO = "writes the result into a table, variable or file";
const STATEMENT = "starts a statement of its own";

const PG: readonly SqlDialect[] = ["postgresql"];
const MYSQL: readonly SqlDialect[] = ["mysql"];
const MSSQL: readonly SqlDialect[] = ["mssql"];

/** Every refused word; README.md shows the same table. */
export const REFUSED_WORDS: readonly RefusedWord[] = [
  ...["INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT"].map((word) => ({ word, why: WRITES })),
  { word: "REPLACE", why: WRITES, unlessCall: true },
  { word: "TRUNCATE", why: WRITES, unlessCall: true },
  ...["CREATE", "ALTER", "DROP", "RENAME"].map((word) => ({ word, why: SCHEMA })),
  { word: "COMMENT", why: SCHEMA, before: ["ON"], display: "COMMENT ON" },
  ...["GRANT", "REVOKE"].map((word) => ({ word, why: PRIVILEGES })),
  ...["LOCK", "UNLOCK"].map((word) => ({ word, why: LOCKS })),
  { word: "SHARE", why: LOCKS, after: ["FOR"], display: "FOR SHARE" },
  { word: "SHARE", why: LOCKS, after: ["FOR", "KEY"], display: "FOR KEY SHARE" },
  ...["CALL", "EXEC", "EXECUTE", "PREPARE", "DEALLOCATE"].map((word) => ({ word, why: RUNS })),
  { word: "COPY", why: FILES },
  { word: "LOAD", why: FILES, before: ["DATA", "XML", "INDEX", "EXTENSION", "'"] },
  ...["INTO", "OUTFILE", "DUMPFILE"].map((word) => ({ word, why: INTO })),
  ...["BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT"].map((word) => ({ word, why: TRANSACTIONS })),
  { word: "START", why: TRANSACTIONS, before: ["TRANSACTION"], display: "START TRANSACTION" },
  { word: "SET", why: SESSION, allowedAfterInMysql: "CHARACTER" },
  ...["RESET", "DISCARD"].map((word) => ({ word, why: SESSION })),
  ...["ATTACH", "DETACH"].map((word) => ({ word, why: "attaches or detaches a database or partition" })),
  ...["ANALYZE", "ANALYSE"].map((word) => ({ word, why: "runs the statement (EXPLAIN ANALYZE) or maintenance" })),
  ...["VACUUM", "REINDEX", "REFRESH"].map((word) => ({ word, why: MAINTENANCE })),
  { word: "PRAGMA", why: "reads or changes settings (read them with the pragma_* functions)", only: ["sqlite"] },
  { word: "DO", why: "runs a block of code", only: ["postgresql", "mysql"] },
  ...["LISTEN", "NOTIFY", "UNLISTEN"].map((word) => ({ word, why: "uses notification channels", only: PG })),
  { word: "ABORT", why: TRANSACTIONS, only: PG },
  { word: "REASSIGN", why: PRIVILEGES, only: PG },
  { word: "CHECKPOINT", why: MAINTENANCE, only: ["postgresql", "mssql"] },
  // UESCAPE would let U&"..." spell a refused function name in escapes.
  { word: "UESCAPE", why: "changes the escape character of a Unicode-escaped name", only: PG },
  { word: "HANDLER", why: "reads tables through low-level handlers", only: MYSQL },
  { word: "XA", why: TRANSACTIONS, only: MYSQL },
  { word: "BINLOG", why: WRITES, only: MYSQL },
  ...["FLUSH", "PURGE", "RESTART", "INSTALL", "UNINSTALL", "CLONE"].map((word) => ({ word, why: ADMIN, only: MYSQL })),
  ...["KILL", "SHUTDOWN"].map((word) => ({ word, why: ADMIN, only: ["mysql", "mssql"] as const })),
  { word: "USE", why: SESSION, only: ["mysql", "mssql"] },
  ...["BACKUP", "RESTORE", "DBCC", "RECONFIGURE"].map((word) => ({ word, why: ADMIN, only: MSSQL })),
  ...["BULK", "OPENROWSET", "OPENQUERY", "OPENDATASOURCE"].map((word) => ({ word, why: FILES, only: MSSQL })),
  ...["UPDLOCK", "XLOCK", "TABLOCKX"].map((word) => ({ word, why: LOCKS, only: MSSQL })),
  ...["SETUSER", "REVERT"].map((word) => ({ word, why: SESSION, only: MSSQL })),
  { word: "DENY", why: PRIVILEGES, only: MSSQL },
  { word: "SAVE", why: TRANSACTIONS, only: MSSQL },
  { word: "WAITFOR", why: WAITS, only: MSSQL },
  ...["UPDATETEXT", "WRITETEXT", "RECEIVE"].map((word) => ({ word, why: WRITES, only: MSSQL })),
  ...["ADD", "TRIGGER"].map((word) => ({ word, why: SCHEMA, only: MSSQL })),
  ...["DECLARE", "WHILE", "GO", "RAISERROR", "SEND", "CONVERSATION"].map((word) => ({
    word,
    why: STATEMENT,
    only: MSSQL,
  })),
];

/**
 * A function or procedure refused when called: its name, bare or quoted (PostgreSQL runs
 * "pg_read_file"(...) too), directly before `(`. With `anywhere`, refused without the `(`
 * as well (SQL Server procedures run through EXEC without parentheses).
 */
export interface RefusedFunction {
  /** Lower case; matched case-insensitively after NFKC. */
  name: string;
  /** `name` is a prefix: every function whose name starts with it. */
  prefix?: true;
  anywhere?: true;
  why: string;
  only: readonly SqlDialect[];
}

const fns = (only: readonly SqlDialect[], why: string, names: string): RefusedFunction[] =>
  names
    .split(" ")
    .map((name) => (name.endsWith("*") ? { name: name.slice(0, -1), prefix: true } : { name }))
    .map((f) => ({ ...f, why, only }) as RefusedFunction);

/** Every refused function; a trailing * in the lists below marks a prefix. */
export const REFUSED_FUNCTIONS: readonly RefusedFunction[] = [
  ...fns(PG, FILES, "pg_read_file pg_read_binary_file pg_stat_file pg_logdir_ls pg_ls_* pg_file_* lo_* lowrite"),
  ...fns(PG, RUNS, "dblink* query_to_xml query_to_xmlschema query_to_xml_and_xmlschema cursor_to_xml"),
  ...fns(PG, LOCKS, "pg_advisory_* pg_try_advisory_*"),
  ...fns(PG, WAITS, "pg_sleep*"),
  ...fns(PG, SESSION, "set_config"),
  ...fns(PG, "advances a sequence", "nextval setval"),
  ...fns(PG, "uses notification channels", "pg_notify"),
  ...fns(
    PG,
    ADMIN,
    "pg_terminate_backend pg_cancel_backend pg_reload_conf pg_rotate_logfile pg_promote pg_switch_wal " +
      "pg_create_* pg_drop_replication_slot pg_copy_* pg_replication_origin_* pg_replication_slot_advance " +
      "pg_logical_* pg_backup_* pg_start_backup pg_stop_backup pg_wal_replay_* pg_stat_reset* " +
      "pg_import_system_collations pg_stat_statements_reset",
  ),
  ...fns(MYSQL, FILES, "load_file"),
  ...fns(MYSQL, WAITS, "sleep benchmark master_pos_wait source_pos_wait wait_for_executed_gtid_set"),
  ...fns(MYSQL, LOCKS, "get_lock release_lock release_all_locks"),
  ...fns(MYSQL, RUNS, "sys_exec sys_eval"),
  ...fns(["sqlite"], "loads native code", "load_extension fts3_tokenizer"),
  // The sqlite3 shell's fileio and zipfile extensions.
  ...fns(["sqlite"], FILES, "readfile writefile edit fsdir zipfile"),
  ...fns(MSSQL, FILES, "openrowset openquery opendatasource fn_get_audit_file fn_xe_file_target_read_file"),
  ...fns(MSSQL, FILES, "fn_trace_gettable"),
  ...fns(MSSQL, RUNS, "xp_* sp_*").map((f) => ({ ...f, anywhere: true as const })),
];

/** The words a query may start with, per dialect (EXPLAIN ANALYZE is refused by ANALYZE). */
export const FIRST_WORDS: Readonly<Record<SqlDialect, readonly string[]>> = {
  postgresql: ["SELECT", "WITH", "VALUES", "TABLE", "SHOW", "EXPLAIN"],
  mysql: ["SELECT", "WITH", "VALUES", "TABLE", "SHOW", "DESCRIBE", "DESC", "EXPLAIN"],
  sqlite: ["SELECT", "WITH", "VALUES", "EXPLAIN"],
  mssql: ["SELECT", "WITH"],
};

/** The first words that may follow an opening parenthesis: `(SELECT ...) UNION (SELECT ...)`. */
export const PARENTHESISED_FIRST_WORDS: ReadonlySet<string> = new Set(["SELECT", "WITH", "VALUES", "TABLE"]);
