import { afterAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { noIdleTimeout } from "./idle-timeout";

// Real Bun.serve servers with a 1 s idle timeout and a handler that answers after 9 s: the
// timeout closes the connection unless the route lifts it. (Bun checks its timeouts every
// ~4 s, so the quiet spell must be well past 4 s to be cut for sure.)
const servers: ReturnType<typeof Bun.serve>[] = [];
afterAll(() => {
  for (const server of servers) server.stop(true);
});

function serve(lifted: boolean): string {
  const app = new Hono();
  if (lifted) app.use("/slow/*", noIdleTimeout);
  app.get("/slow/answer", async (c) => {
    await Bun.sleep(9000);
    return c.text("done");
  });
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", idleTimeout: 1, fetch: (req, s) => app.fetch(req, s) });
  servers.push(server);
  return `http://127.0.0.1:${server.port}/slow/answer`;
}

const outcome = (url: string) =>
  fetch(url).then(
    (r) => r.text(),
    (err: Error) => `failed: ${err.message}`,
  );

test("noIdleTimeout lets a slow answer arrive where Bun's idle timeout would close it", async () => {
  // Both at once, so the test waits 9 s, not 18.
  const [plain, lifted] = await Promise.all([outcome(serve(false)), outcome(serve(true))]);
  expect(plain).toStartWith("failed");
  expect(lifted).toBe("done");
}, 20_000);
