/**
 * The designer's tool catalogue (web/src/model/tools.ts) against the Server's registry
 * (src/tools/registry.ts): the same 13 types, the same socket ids, the same multi-wire inputs.
 * A socket renamed on one side only would draw wires the Server refuses.
 */
import { describe, expect, test } from "bun:test";
import { TOOLS as SERVER_TOOLS } from "../../src/tools/registry";
import { TOOLS as WEB_TOOLS } from "../../web/src/model/tools";

describe("the designer's tool catalogue matches the Server's registry", () => {
  test("the same tool types", () => {
    const serverTypes: string[] = Object.keys(SERVER_TOOLS);
    const webTypes: string[] = WEB_TOOLS.map((t) => t.type);
    expect(webTypes.sort()).toEqual(serverTypes.sort());
  });

  for (const server of Object.values(SERVER_TOOLS)) {
    test(`${server.type}: the same sockets`, () => {
      const web = WEB_TOOLS.find((t) => t.type === server.type);
      expect(web).toBeDefined();
      expect(web?.inputs.map((s) => ({ id: s.id, multiple: s.multiple === true }))).toEqual(
        server.inputs.map((s) => ({ id: s.id, multiple: s.multiple })),
      );
      expect(web?.outputs.map((s) => s.id)).toEqual([...server.outputs]);
    });
  }
});
