import { beforeAll, expect, test } from "bun:test";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { createWorkflow, placed, smallWorkflow } from "../../../tests/helpers/hub-workflows";

const SAVES = 20;

/** The small workflow with one more tool, told apart by `n`. */
const variant = (n: number) => ({ ...smallWorkflow(), tools: [...smallWorkflow().tools, placed(`s${n}`, "sort", {})] });

describeHub("concurrent saves of one workflow", (suite) => {
  let hub: HubTestApp;
  let id: string;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    id = await createWorkflow(hub, "user", "busy");
  });

  test(`${SAVES} different contents saved at once become revisions 2..${SAVES + 1}, each audited once`, async () => {
    const before = await hub.auditHead();
    const answers = await Promise.all(
      Array.from({ length: SAVES }, (_, n) =>
        hub.request("user", "PUT", `/workflows/${id}/content`, { content: variant(n), message: `save ${n}` }),
      ),
    );
    const bodies = await Promise.all(answers.map(async (res) => ({ status: res.status, body: await res.json() })));
    expect(bodies.map((b) => b.status)).toEqual(Array(SAVES).fill(200));
    const numbers = bodies.map((b) => (b.body as { revision: number }).revision).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: SAVES }, (_, i) => i + 2));
    expect(await hub.auditActionsSince(before)).toEqual(Array(SAVES).fill("workflow.content_update"));
    const list = await (await hub.request("user", "GET", `/workflows/${id}/revisions?limit=500`)).json();
    expect(list.total).toBe(SAVES + 1);
    // Each revision holds the content of the save whose message it carries.
    for (const { revision, message } of list.revisions as { revision: number; message: string | null }[]) {
      if (revision === 1) continue;
      const n = Number(message?.replace("save ", ""));
      const stored = await (await hub.request("user", "GET", `/workflows/${id}/revisions/${revision}`)).json();
      expect(stored.content).toEqual(variant(n));
    }
  });

  test("the same new content saved at once makes exactly one revision", async () => {
    const head = (await (await hub.request("user", "GET", `/workflows/${id}`)).json()).revision as number;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        hub.request("user", "PUT", `/workflows/${id}/content`, { content: variant(99) }),
      ),
    );
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as { revision_created: boolean }[];
    expect(bodies.filter((b) => b.revision_created)).toHaveLength(1);
    expect(bodies.every((b) => (b as unknown as { revision: number }).revision === head + 1)).toBe(true);
  });
});
