import { randomUUID } from "node:crypto";
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { type KdfParams, newKdfParams, type SealedSecret, SecretBox } from "../../shared/connection-crypto";
import { ConflictError, FeatureDisabledError, NotFoundError, ValidationError } from "../../shared/errors";
import { describeZodError } from "../../shared/zod-detail";

/** The database types a server-managed connection may have. */
export const CONNECTION_TYPES = ["postgresql", "mysql", "sqlite", "mssql"] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** The port used when a connection gives none. SQLite has no server: its port is 0. */
export const DEFAULT_PORTS: Record<ConnectionType, number> = { postgresql: 5432, mysql: 3306, sqlite: 0, mssql: 1433 };

/** A connection as the API shows it (docs/server-api.md "Connection"): never its credentials. */
export interface Connection {
  id: string;
  name: string;
  type: ConnectionType;
  owner: "server";
  host: string;
  port: number;
  database: string;
  createdAt: string;
  updatedAt: string;
}

/** What a create takes. Host and port are ignored by SQLite, whose `database` is the file path. */
export interface ConnectionInput {
  name: string;
  type: ConnectionType;
  host?: string;
  port?: number;
  database: string;
  username?: string;
  password?: string;
}

/** What an update takes: any subset; a blank username or password keeps the stored one. */
export type ConnectionPatch = Partial<ConnectionInput>;

/** The store's file name in the data directory. */
export const CONNECTIONS_FILE = "connections.json";

const Sealed = z.object({ nonce: z.string(), data: z.string(), tag: z.string() });
const StoredConnection = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CONNECTION_TYPES),
  host: z.string(),
  port: z.number().int(),
  database: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  username: Sealed,
  password: Sealed,
});
const StoreFile = z.object({
  version: z.literal(1),
  kdf: z.object({ name: z.literal("scrypt"), salt: z.string(), N: z.number(), r: z.number(), p: z.number() }),
  keyCheck: Sealed,
  connections: z.array(StoredConnection),
});
type StoredConnection = z.infer<typeof StoredConnection>;
type StoreFile = z.infer<typeof StoreFile>;

/**
 * The server-managed connections (deprecated in favour of Hub connections: docs/server-api.md
 * "Connections"), kept in one JSON file with the credentials encrypted (connection-crypto.ts). Every operation
 * reads the file and a change rewrites it atomically (temp file, fsync, rename; mode 0600);
 * file access is synchronous, so two requests of this process never interleave a
 * read-modify-write. Names are unique ignoring case and surrounding spaces ("Sales" and
 * " sales" are the same connection to a person picking from a list).
 */
export class ConnectionStore {
  private box?: { salt: string; box: SecretBox };

  constructor(
    /** The store file, e.g. `<dataDir>/connections.json`. */
    readonly path: string,
    private readonly encryptionKey: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every connection, oldest first. */
  list(): Connection[] {
    return this.read().connections.map(publicView);
  }

  count(): number {
    return this.read().connections.length;
  }

  /** One connection; an unknown id is a 404. */
  get(id: string): Connection {
    return publicView(findOrThrow(this.read(), id));
  }

  /** Adds a connection; a name in use is a 409. */
  create(input: ConnectionInput): Connection {
    const file = this.read();
    const id = randomUUID();
    const at = this.now().toISOString();
    const fields = completeFields({
      name: input.name,
      type: input.type,
      host: input.host ?? "",
      port: input.port ?? DEFAULT_PORTS[input.type],
      database: input.database,
    });
    checkNameFree(file, fields.name);
    const username = input.username ?? "";
    if (fields.type !== "sqlite" && username.trim() === "") {
      throw new ValidationError(`username: required for a ${fields.type} connection`);
    }
    const box = this.boxFor(file);
    const stored: StoredConnection = {
      id,
      ...fields,
      createdAt: at,
      updatedAt: at,
      username: box.seal(username, `${id}/username`),
      password: box.seal(input.password ?? "", `${id}/password`),
    };
    this.write({ ...file, connections: [...file.connections, stored] });
    return publicView(stored);
  }

  /** Changes the fields given; a blank or absent username/password keeps the stored one. */
  update(id: string, patch: ConnectionPatch): Connection {
    const file = this.read();
    const current = findOrThrow(file, id);
    const type = patch.type ?? current.type;
    // A port that was only the old type's default follows the new type's default.
    const keptPort = current.port === DEFAULT_PORTS[current.type] ? DEFAULT_PORTS[type] : current.port;
    const fields = completeFields({
      name: patch.name ?? current.name,
      type,
      host: patch.host ?? current.host,
      port: patch.port ?? keptPort,
      database: patch.database ?? current.database,
    });
    if (normalName(fields.name) !== normalName(current.name)) checkNameFree(file, fields.name);
    const box = this.boxFor(file);
    const updated: StoredConnection = {
      ...current,
      ...fields,
      updatedAt: this.now().toISOString(),
      username: sealOrKeep(box, patch.username, current.username, `${id}/username`),
      password: sealOrKeep(box, patch.password, current.password, `${id}/password`),
    };
    this.write({ ...file, connections: file.connections.map((c) => (c.id === id ? updated : c)) });
    return publicView(updated);
  }

  /** Removes a connection; an unknown id is a 404. */
  delete(id: string): void {
    const file = this.read();
    findOrThrow(file, id);
    this.write({ ...file, connections: file.connections.filter((c) => c.id !== id) });
  }

  /**
   * The driver URI of a connection, credentials decrypted and percent-encoded
   * (`postgresql://user:pass@host:port/db`, `mysql://...`, `mssql://...`; SQLite: the file
   * path). For the connection resolver and the connection test only: never for an answer.
   */
  uriFor(id: string): string {
    const file = this.read();
    const c = findOrThrow(file, id);
    const box = this.boxFor(file);
    const username = box.tryOpen(c.username, `${id}/username`);
    const password = box.tryOpen(c.password, `${id}/password`);
    if (username === null || password === null) {
      throw new FeatureDisabledError(
        `The credentials of connection "${c.name}" cannot be decrypted: ${this.path} was altered; ` +
          "update the connection with its username and password again",
      );
    }
    return buildConnectionUri({ ...c, username, password });
  }

  private read(): StoreFile {
    if (!existsSync(this.path)) {
      return { version: 1, kdf: newKdfParams(), keyCheck: { nonce: "", data: "", tag: "" }, connections: [] };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path, "utf8"));
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      throw new FeatureDisabledError(`${this.path} is not a connection store (not JSON: ${err.message})`);
    }
    const parsed = StoreFile.safeParse(raw);
    if (!parsed.success) {
      throw new FeatureDisabledError(`${this.path} is not a connection store (${describeZodError(parsed.error)})`);
    }
    // The key is checked on every read, so a wrong key is reported by every route, listing too.
    this.boxFor(parsed.data).verifyKeyCheck(parsed.data.keyCheck);
    return parsed.data;
  }

  /** The key for this file's salt, derived once (scrypt is deliberately slow). */
  private boxFor(file: { kdf: KdfParams }): SecretBox {
    if (this.box?.salt !== file.kdf.salt) {
      this.box = { salt: file.kdf.salt, box: SecretBox.derive(this.encryptionKey, file.kdf) };
    }
    return this.box.box;
  }

  private write(file: StoreFile): void {
    // A store written for the first time gets its key check now (read() left it empty).
    const content: StoreFile =
      file.keyCheck.tag === "" ? { ...file, keyCheck: this.boxFor(file).makeKeyCheck() } : file;
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temp = `${this.path}.${randomUUID()}.tmp`;
    const fd = openSync(temp, "wx", 0o600);
    try {
      writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.path);
  }
}

/** The store of a data directory, or undefined when CONNECTION_ENCRYPTION_KEY is not set. */
export function openConnectionStore(dataDir: string, encryptionKey: string | undefined): ConnectionStore | undefined {
  return encryptionKey ? new ConnectionStore(join(dataDir, CONNECTIONS_FILE), encryptionKey) : undefined;
}

type Fields = Pick<StoredConnection, "name" | "type" | "host" | "port" | "database">;

/** Trims and checks the fields a connection needs to be usable; names the field at fault. */
function completeFields(f: Fields): Fields {
  const name = f.name.trim();
  const database = f.database.trim();
  const host = f.host.trim();
  if (name === "") throw new ValidationError("name: must not be blank");
  if (database === "") {
    throw new ValidationError(`database: required (${f.type === "sqlite" ? "the SQLite file's path" : "its name"})`);
  }
  if (f.type === "sqlite") return { name, type: f.type, host: "", port: 0, database };
  if (host === "") throw new ValidationError(`host: required for a ${f.type} connection`);
  // These characters would end the host part of the URI and send the driver elsewhere.
  if (/[\s/@?#\\]/.test(host)) throw new ValidationError(`host: "${host}" is not a host name or address`);
  if (!Number.isInteger(f.port) || f.port < 1 || f.port > 65_535) {
    throw new ValidationError(`port: must be between 1 and 65535 for a ${f.type} connection (got ${f.port})`);
  }
  return { name, type: f.type, host, port: f.port, database };
}

function normalName(name: string): string {
  return name.trim().normalize("NFC").toLowerCase();
}

function checkNameFree(file: StoreFile, name: string): void {
  const taken = file.connections.find((c) => normalName(c.name) === normalName(name));
  if (taken) throw new ConflictError(`A connection named "${taken.name}" already exists`);
}

function findOrThrow(file: StoreFile, id: string): StoredConnection {
  const found = file.connections.find((c) => c.id === id);
  if (!found) throw new NotFoundError(`No connection with id "${id}"`);
  return found;
}

/** A blank or absent new value keeps the stored secret (docs/server-api.md "Connections"). */
function sealOrKeep(box: SecretBox, value: string | undefined, current: SealedSecret, aad: string): SealedSecret {
  return value === undefined || value.trim() === "" ? current : box.seal(value, aad);
}

/** The driver URI; user, password and database percent-encoded, an IPv6 host in brackets. */
function buildConnectionUri(c: Fields & { username: string; password: string }): string {
  if (c.type === "sqlite") return c.database;
  const user = encodeURIComponent(c.username);
  const userinfo = c.password === "" ? `${user}@` : `${user}:${encodeURIComponent(c.password)}@`;
  const host = c.host.includes(":") && !c.host.startsWith("[") ? `[${c.host}]` : c.host;
  return `${c.type}://${userinfo}${host}:${c.port}/${encodeURIComponent(c.database)}`;
}

function publicView(c: StoredConnection): Connection {
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    owner: "server",
    host: c.host,
    port: c.port,
    database: c.database,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
