import { SQL, type TransactionSQL } from "bun";
import pl from "nodejs-polars";
import { DataSourceError, WeftError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";
import { ValueBuilder } from "./column-builders";
import {
  abortReason,
  type DatabaseColumn,
  type DatabaseDescription,
  describeServer,
  parseServerUri,
  throwIfAborted,
} from "./db-request";
import { CopyBinaryDecoder } from "./pg-copy-binary";
import { numericTypmod } from "./pg-numeric";
import type { PgColumnPlan } from "./pg-oids";
import { PG_OID, pgColumnPlan } from "./pg-types";
import { lexSql } from "./sql-lexer";
import { readingsOf } from "./sql-readings";
import { quoteName } from "./table-name";

/** A described result column: its name in the frame, type, and how it is read. */
interface PgColumn extends DatabaseColumn {
  plan: PgColumnPlan;
}

/**
 * Reads a checked read-only statement (`requestSql`) from PostgreSQL into a frame. The rows
 * stream through `COPY (SELECT ...) TO STDOUT (FORMAT binary)`, decoded chunk by chunk into
 * column batches (README.md "Reading databases"), inside a READ ONLY transaction on a
 * connection whose sessions default to read-only.
 */
export async function readPostgres(uri: string, sql: string, maxRows?: number, signal?: AbortSignal) {
  return await inReadOnlyTransaction(uri, signal, async (tx) => {
    if (isUtilityStatement(sql)) return await utilityFrame(tx, sql, maxRows, signal);
    const columns = await describeColumns(tx, sql, signal);
    if (columns.length === 0) return pl.DataFrame({});
    const aliases = columns.map((_, i) => quoteName(`c${i + 1}`, "postgresql"));
    const select = aliases.map((alias, i) => `${alias}${(columns[i] as PgColumn).plan.cast}`).join(", ");
    const limit = maxRows === undefined ? "" : `\nLIMIT ${maxRows}`;
    const copy = `COPY (SELECT ${select} FROM (${sql}\n) AS q(${aliases.join(", ")})${limit}) TO STDOUT (FORMAT binary)`;
    const readers = columns.map((column) => column.plan.make(column.name));
    const decoder = new CopyBinaryDecoder(readers);
    const query = tx.unsafe(copy);
    const stream = query.readable().getReader();
    const onAbort = () => {
      query.cancel();
      stream.cancel().catch(() => undefined); // the query's own rejection reports the failure
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      for (;;) {
        const { done, value } = await stream.read();
        if (done) break;
        decoder.push(value);
      }
      await query;
      decoder.end();
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
    return pl.DataFrame(readers.map((reader) => reader.builder.finish()));
  });
}

/**
 * The columns of a statement and a frame of no rows with their types, from the statement's
 * description (`SELECT * FROM (...) LIMIT 0`): the query is planned, not run.
 */
export async function describePostgres(uri: string, sql: string, signal?: AbortSignal): Promise<DatabaseDescription> {
  return await inReadOnlyTransaction(uri, signal, async (tx) => {
    if (isUtilityStatement(sql)) {
      const frame = await utilityFrame(tx, sql, 0, signal);
      return { columns: frame.columns.map((name) => ({ name, databaseType: "text" })), frame };
    }
    const columns = await describeColumns(tx, sql, signal);
    const frame = pl.DataFrame(
      columns.map((column) => {
        const { builder } = column.plan.make(column.name);
        return builder.finish();
      }),
    );
    return { columns: columns.map(({ name, databaseType }) => ({ name, databaseType })), frame };
  });
}

type Tx = TransactionSQL;

/** Runs `work` in a READ ONLY transaction on a fresh connection that defaults to read-only. */
async function inReadOnlyTransaction<T>(uri: string, signal: AbortSignal | undefined, work: (tx: Tx) => Promise<T>) {
  throwIfAborted(signal);
  const url = parseServerUri(uri, "postgresql", ["postgres:", "postgresql:"]);
  const server = describeServer(url);
  const client = new SQL({
    adapter: "postgres",
    url: uri,
    // Bun lets PGDATABASE win over the URL's database; an explicit option wins over both.
    database: decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || undefined,
    max: 1,
    connectionTimeout: 15,
    // The second wall (docs/server-api.md rule 10): every transaction of the session is read-only.
    connection: { default_transaction_read_only: "on", application_name: "weft" },
  });
  try {
    return await client.begin("read only", async (tx) => {
      await abortWhenClientGoes(tx);
      return await work(tx);
    });
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (error instanceof WeftError) throw error;
    if (error instanceof SQL.SQLError) {
      throw new DataSourceError(`PostgreSQL at ${server}: ${error.message}`, { cause: error });
    }
    throw error;
  } finally {
    await client.close({ timeout: 0 });
  }
}

/**
 * Has the server look for its client every second while a statement runs, and abort the
 * statement when the client is gone (`client_connection_check_interval`, PostgreSQL 14+). An
 * executor killed at the time limit cancels nothing, and PostgreSQL otherwise notices a lost
 * client only when it writes: a long aggregate writes nothing until its end, and would run on
 * for as long as it takes. Older servers, and platforms without the check (Windows), refuse
 * the setting: the savepoint keeps the transaction, and the read goes on without it.
 */
async function abortWhenClientGoes(tx: Tx): Promise<void> {
  try {
    await tx.savepoint((sp) => sp`SELECT set_config('client_connection_check_interval', '1s', true)`);
  } catch {
    // Refused: nothing else to do.
  }
}

/** Awaits a query, cancelling it on the server when the signal aborts. */
async function run<T>(query: SQL.Query<T>, signal: AbortSignal | undefined): Promise<T> {
  throwIfAborted(signal);
  const onAbort = () => query.cancel();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await query;
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

/** SHOW and EXPLAIN cannot be wrapped in a select: they run as they are. */
function isUtilityStatement(sql: string): boolean {
  const reading = readingsOf("postgresql")[0];
  const first = reading && lexSql(sql, "postgresql", reading).find((token) => token.kind === "word");
  return first !== undefined && /^(show|explain)$/i.test(first.text);
}

/** A SHOW or EXPLAIN result as String columns (plans in JSON are text again). */
async function utilityFrame(tx: Tx, sql: string, maxRows: number | undefined, signal: AbortSignal | undefined) {
  const result = await run(tx.unsafe(sql).values(), signal);
  const rows = (result as unknown as unknown[][]).slice(0, maxRows);
  const columns: SQL.ResultColumn[] = result.columns ?? [];
  const names = uniqueNames(columns.map((column) => column.name));
  return pl.DataFrame(
    names.map((name, c) => {
      const builder = new ValueBuilder<string>(name, pl.String);
      for (const row of rows) {
        const value = row[c];
        if (value === null || value === undefined) builder.pushNull();
        else builder.push(typeof value === "string" ? value : JSON.stringify(value));
      }
      return builder.finish();
    }),
  );
}

interface AttributeRow {
  rel: string;
  num: number;
  typmod: number;
  name: string;
}

/**
 * The statement's columns: names and type OIDs from its description, then from the catalog
 * each column's type name and, for a column read straight from a table or view, its typmod
 * (the description Bun gives has no typmod; numeric(p, s) needs it).
 */
async function describeColumns(tx: Tx, sql: string, signal: AbortSignal | undefined): Promise<PgColumn[]> {
  const described = await run(tx.unsafe(`SELECT * FROM (${sql}\n) AS q LIMIT 0`), signal);
  const columns: SQL.ResultColumn[] = described.columns ?? [];
  const relations = [...new Set(columns.filter((c) => Number(c.table) > 0).map((c) => Number(c.table)))];
  const attributes = new Map<string, AttributeRow>();
  if (relations.length > 0) {
    const rows: AttributeRow[] = await run(
      tx.unsafe(
        `SELECT a.attrelid::int8::text AS rel, a.attnum::int4 AS num,
           CASE WHEN a.atttypmod >= 0 THEN a.atttypmod ELSE t.typtypmod END AS typmod,
           format_type(a.atttypid, a.atttypmod) AS name
         FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
         WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0`,
        [relations],
      ),
      signal,
    );
    for (const row of rows) attributes.set(`${row.rel}:${row.num}`, row);
  }
  const oids = [...new Set(columns.map((c) => c.type))];
  const typeRows: { oid: string; name: string }[] =
    oids.length === 0
      ? []
      : await run(
          tx.unsafe(
            "SELECT oid::int8::text AS oid, format_type(oid, NULL) AS name FROM pg_catalog.pg_type WHERE oid = ANY($1::oid[])",
            [oids],
          ),
          signal,
        );
  const typeNames = new Map(typeRows.map((row) => [Number(row.oid), row.name]));
  const moneyTypmod = oids.includes(PG_OID.money) ? await moneyNumericTypmod(tx, signal) : -1;
  const names = uniqueNames(columns.map((c) => c.name));
  return columns.map((column, i) => {
    const attribute = attributes.get(`${Number(column.table)}:${column.number}`);
    const typmod = column.type === PG_OID.money ? moneyTypmod : (attribute?.typmod ?? -1);
    return {
      name: names[i] as string,
      databaseType: attribute?.name ?? typeNames.get(column.type) ?? `oid ${column.type}`,
      plan: pgColumnPlan(column.type, typmod),
    };
  });
}

/**
 * The typmod of numeric(19, f) that holds every money value: money is an int64 (19 digits)
 * of the currency's smallest unit, f its fraction digits under the session's lc_monetary,
 * which is the display scale PostgreSQL gives money cast to numeric.
 */
async function moneyNumericTypmod(tx: Tx, signal: AbortSignal | undefined): Promise<number> {
  const [row]: { scale: number }[] = await run(tx.unsafe("SELECT scale('0'::money::numeric)::int4 AS scale"), signal);
  return numericTypmod(19, row?.scale ?? 2);
}
