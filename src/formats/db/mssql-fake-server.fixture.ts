/**
 * For mssql.test.ts: a TCP server that speaks just enough TDS 7.4 (MS-TDS 2.2) for tedious to
 * log in and run requests, with canned answers, recording what the client sent: the login's
 * read-only intent flag, user, application and database, each SQL batch's text, each RPC's
 * procedure and `@tsql`, and ATTENTION (cancel) messages. No encryption: clients must use
 * `encrypt=false`.
 */

import type { Socket, TCPSocketListener } from "bun";
import { DONE, doneToken, errorToken, loginAckToken } from "./mssql-tds.fixture";

/** What the server answers a request with: a whole response, or a start that stalls until a cancel. */
export type FakeAnswer = Buffer | { stallAfter: Buffer };

export interface FakeTdsOptions {
  /** Answer to a SQL batch (default: DONE). */
  onBatch?(sql: string): FakeAnswer;
  /** Answer to an RPC (default: DONE). */
  onRpc?(procedure: string, tsql: string): FakeAnswer;
  /** Refuse logins with this message (error 18456), as SQL Server does for a wrong password. */
  refuseLogin?: string;
}

export interface FakeLogin {
  user: string;
  appName: string;
  database: string;
  readOnlyIntent: boolean;
}

/** A running fake server and what it saw. */
export interface FakeTdsServer {
  port: number;
  logins: FakeLogin[];
  batches: string[];
  rpcs: { procedure: string; tsql: string }[];
  attentions: number;
  stop(): void;
}

const PACKET = { batch: 0x01, rpc: 0x03, reply: 0x04, attention: 0x06, login7: 0x10, prelogin: 0x12 } as const;
const PACKET_SIZE = 4096;

interface Connection {
  pending: Buffer;
  message: Buffer[];
  out: Buffer[];
  /** A response sent without its end, waiting for a cancel. */
  stalled: boolean;
}

/** Starts a fake server on 127.0.0.1 at a free port. */
export function startFakeTds(options: FakeTdsOptions = {}): FakeTdsServer {
  const server: FakeTdsServer = { port: 0, logins: [], batches: [], rpcs: [], attentions: 0, stop: () => undefined };
  const listener: TCPSocketListener<Connection> = Bun.listen<Connection>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        socket.data = { pending: Buffer.alloc(0), message: [], out: [], stalled: false };
      },
      data(socket, chunk) {
        const state = socket.data;
        state.pending = Buffer.concat([state.pending, chunk]);
        while (state.pending.length >= 8) {
          const length = state.pending.readUInt16BE(2);
          if (state.pending.length < length) break;
          const packet = state.pending.subarray(0, length);
          state.pending = state.pending.subarray(length);
          state.message.push(packet.subarray(8));
          if ((packet[1] as number) & 0x01) {
            const payload = Buffer.concat(state.message);
            state.message = [];
            answer(socket, packet[0] as number, payload);
          }
        }
      },
      drain(socket) {
        flush(socket);
      },
    },
  });

  function answer(socket: Socket<Connection>, type: number, payload: Buffer) {
    switch (type) {
      case PACKET.prelogin:
        return send(socket, preloginReply());
      case PACKET.login7: {
        server.logins.push(readLogin(payload));
        if (options.refuseLogin !== undefined) {
          return send(socket, Buffer.concat([errorToken(18456, options.refuseLogin, 14), doneToken(DONE.error)]));
        }
        return send(socket, Buffer.concat([loginAckToken(), doneToken(DONE.final)]));
      }
      case PACKET.batch: {
        const sql = payload.subarray(payload.readUInt32LE(0)).toString("utf16le");
        server.batches.push(sql);
        return reply(socket, options.onBatch?.(sql) ?? doneToken(DONE.final));
      }
      case PACKET.rpc: {
        const call = readRpc(payload);
        server.rpcs.push(call);
        return reply(socket, options.onRpc?.(call.procedure, call.tsql) ?? doneToken(DONE.final));
      }
      case PACKET.attention:
        server.attentions++;
        // The cancelled response ends first; the acknowledgement is a message of its own.
        if (socket.data.stalled) {
          socket.data.stalled = false;
          send(socket, doneToken(DONE.final));
        }
        return send(socket, doneToken(DONE.attention));
      default:
        return send(socket, doneToken(DONE.final));
    }
  }

  function reply(socket: Socket<Connection>, answer: FakeAnswer) {
    if (Buffer.isBuffer(answer)) return send(socket, answer);
    socket.data.stalled = true;
    send(socket, answer.stallAfter, false);
  }

  /** Sends `data` as reply packets; the last one ends the message unless `end` is false. */
  function send(socket: Socket<Connection>, data: Buffer, end = true) {
    const room = PACKET_SIZE - 8;
    for (let at = 0; at < data.length; at += room) {
      const body = data.subarray(at, at + room);
      const header = Buffer.alloc(8);
      header[0] = PACKET.reply;
      header[1] = end && at + room >= data.length ? 0x01 : 0x00;
      header.writeUInt16BE(body.length + 8, 2);
      header[6] = 1;
      socket.data.out.push(header, body);
    }
    flush(socket);
  }

  function flush(socket: Socket<Connection>) {
    const out = socket.data.out;
    while (out.length > 0) {
      const head = out[0] as Buffer;
      const written = socket.write(head);
      if (written < head.length) {
        out[0] = head.subarray(Math.max(written, 0));
        return;
      }
      out.shift();
    }
  }

  server.port = listener.port;
  server.stop = () => listener.stop(true);
  return server;
}

/** PRELOGIN reply: version, encryption not supported, instance, thread id, MARS off. */
function preloginReply(): Buffer {
  const options = [
    [0x00, Buffer.from([16, 0, 0x0f, 0xa0, 0, 0])],
    [0x01, Buffer.from([0x02])],
    [0x02, Buffer.from([0x00])],
    [0x03, Buffer.alloc(0)],
    [0x04, Buffer.from([0x00])],
  ] as const;
  const header: Buffer[] = [];
  const data: Buffer[] = [];
  let offset = options.length * 5 + 1;
  for (const [token, value] of options) {
    const entry = Buffer.alloc(5);
    entry[0] = token;
    entry.writeUInt16BE(offset, 1);
    entry.writeUInt16BE(value.length, 3);
    header.push(entry);
    data.push(value);
    offset += value.length;
  }
  return Buffer.concat([...header, Buffer.from([0xff]), ...data]);
}

/** LOGIN7 (MS-TDS 2.2.6.4): TypeFlags at byte 26 (0x20: read-only intent), then offset/length pairs. */
function readLogin(payload: Buffer): FakeLogin {
  const field = (at: number) => {
    const offset = payload.readUInt16LE(at);
    const chars = payload.readUInt16LE(at + 2);
    return payload.subarray(offset, offset + chars * 2).toString("utf16le");
  };
  return {
    readOnlyIntent: ((payload[26] as number) & 0x20) !== 0,
    user: field(40),
    appName: field(48),
    database: field(68),
  };
}

/** An RPC (MS-TDS 2.2.6.6): the procedure's name and its first parameter, an nvarchar. */
function readRpc(payload: Buffer): { procedure: string; tsql: string } {
  let at = payload.readUInt32LE(0); // after ALL_HEADERS
  const nameLength = payload.readUInt16LE(at);
  at += 2;
  const procedure = payload.subarray(at, at + nameLength * 2).toString("utf16le");
  at += nameLength * 2 + 2; // the name, then option flags
  const paramName = payload[at] as number;
  at += 1 + paramName * 2 + 1; // the parameter's name, then its status flags
  if (payload[at] !== 0xe7) throw new Error(`fake TDS server: parameter type 0x${payload[at]?.toString(16)}`);
  const maxLength = payload.readUInt16LE(at + 1);
  at += 1 + 2 + 5; // type, max length, collation
  if (maxLength !== 0xffff) {
    const length = payload.readUInt16LE(at);
    return { procedure, tsql: payload.subarray(at + 2, at + 2 + length).toString("utf16le") };
  }
  at += 8; // the PLP total length
  const chunks: Buffer[] = [];
  for (;;) {
    const length = payload.readUInt32LE(at);
    at += 4;
    if (length === 0) break;
    chunks.push(payload.subarray(at, at + length));
    at += length;
  }
  return { procedure, tsql: Buffer.concat(chunks).toString("utf16le") };
}
