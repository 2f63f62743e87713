import { afterAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { clientAddress } from "./client-address";
import { jsonDepthLimit } from "./middleware/json-depth";

const app = new Hono();
app.use("*", jsonDepthLimit(100));
app.post("/peer", async (c) => c.json({ peer: clientAddress(c), body: await c.req.json() }));
app.get("/peer", (c) => c.json({ peer: clientAddress(c) }));
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch });
afterAll(() => server.stop(true));

test("the peer's address survives the JSON depth limit's rebuilt request (it was 'unknown' for every POST)", async () => {
  const post = await fetch(`http://127.0.0.1:${server.port}/peer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ a: [1, { b: 2 }] }),
  });
  expect(await post.json()).toEqual({ peer: "127.0.0.1", body: { a: [1, { b: 2 }] } });
  const get = await fetch(`http://127.0.0.1:${server.port}/peer`);
  expect(await get.json()).toEqual({ peer: "127.0.0.1" });
});

test("in process (no Bun server) the address is 'local'", async () => {
  const res = await app.request("/peer", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(((await res.json()) as { peer: string }).peer).toBe("local");
});
