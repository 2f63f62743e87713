/**
 * A hostile "PostgreSQL server" on loopback: it asks the client for its password in clear
 * (AuthenticationCleartextPassword) and refuses it with an error message that quotes it back,
 * as a malicious or careless server could. A real driver talking to it yields an error whose
 * text carries the password: what the Hub's scrubbing must catch. `silent` instead accepts
 * connections and never answers (for timeouts).
 */
export interface FakeServer {
  port: number;
  /** Connections accepted so far. */
  accepted(): number;
  stop(): void;
}

const SSL_REQUEST = 80877103;

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function errorResponse(text: string): Buffer {
  const field = (code: string, value: string) => Buffer.from(`${code}${value}\0`, "utf8");
  return message(
    "E",
    Buffer.concat([field("S", "FATAL"), field("V", "FATAL"), field("C", "28P01"), field("M", text), Buffer.from([0])]),
  );
}

export function startPasswordEchoServer({ silent = false } = {}): FakeServer {
  let accepted = 0;
  const server = Bun.listen<{ buffered: Buffer; started: boolean }>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        accepted++;
        socket.data = { buffered: Buffer.alloc(0), started: false };
      },
      data(socket, chunk) {
        if (silent) return;
        const state = socket.data;
        state.buffered = Buffer.concat([state.buffered, Buffer.from(chunk)]);
        while (true) {
          const b = state.buffered;
          if (!state.started) {
            if (b.length < 8 || b.length < b.readInt32BE(0)) return;
            const length = b.readInt32BE(0);
            const code = b.readInt32BE(4);
            state.buffered = b.subarray(length);
            if (code === SSL_REQUEST) {
              socket.write("N");
              continue;
            }
            state.started = true;
            const ask = Buffer.alloc(4);
            ask.writeInt32BE(3); // AuthenticationCleartextPassword
            socket.write(message("R", ask));
            continue;
          }
          if (b.length < 5 || b.length < 1 + b.readInt32BE(1)) return;
          const type = b.toString("latin1", 0, 1);
          const body = b.subarray(5, 1 + b.readInt32BE(1));
          state.buffered = b.subarray(1 + b.readInt32BE(1));
          if (type === "p") {
            const password = body.toString("utf8").replace(/\0$/, "");
            socket.write(errorResponse(`password "${password}" is not the one for this server`));
            socket.end();
            return;
          }
        }
      },
    },
  });
  return { port: server.port, accepted: () => accepted, stop: () => server.stop(true) };
}
