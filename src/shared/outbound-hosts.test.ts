import { describe, expect, test } from "bun:test";
import { checkOutboundHost, parseHostRule } from "./outbound-hosts";

describe("OUTBOUND_HOSTS entries", () => {
  test("parse host, host:port, *.domain[:port] and bracketed IPv6, in canonical form", () => {
    expect(parseHostRule("DB.Example.com.")).toEqual({ host: "db.example.com", wildcard: false, port: undefined });
    expect(parseHostRule("*.corp.example:5432")).toEqual({ host: "corp.example", wildcard: true, port: 5432 });
    expect(parseHostRule("[0:0::1]:11434")).toEqual({ host: "[::1]", wildcard: false, port: 11434 });
    expect(parseHostRule("0x7f.1")).toEqual({ host: "127.0.0.1", wildcard: false, port: undefined });
  });

  test("refuse what is not a host", () => {
    for (const bad of ["*", "*.", "a:b:c", "host:0", "host:70000", "http://host", "user@host", "a/b", "*.[::1]"]) {
      expect(() => parseHostRule(bad)).toThrow(bad);
    }
  });

  test("compare names exactly, wildcards below their domain only, ports when given; never resolve", () => {
    const rules = ["db.example.com", "*.corp.example:5432", "10.0.0.7"].map(parseHostRule);
    const allowed = (host: string, port: number) => {
      try {
        checkOutboundHost(rules, host, port, "test");
        return true;
      } catch {
        return false;
      }
    };
    expect(allowed("DB.example.com", 1)).toBe(true);
    expect(allowed("db.example.com.evil.net", 1)).toBe(false);
    expect(allowed("a.b.corp.example", 5432)).toBe(true);
    expect(allowed("corp.example", 5432)).toBe(false);
    expect(allowed("evilcorp.example", 5432)).toBe(false);
    expect(allowed("a.corp.example", 5433)).toBe(false);
    expect(allowed("10.0.0.7", 80)).toBe(true);
    expect(allowed("0xa.0.0.7", 80)).toBe(true); // the same address, as the resolver reads it
    expect(allowed("localhost", 80)).toBe(false); // a name is not resolved to see where it points
    expect(checkOutboundHost(undefined, "anywhere", 1, "test")).toBeUndefined();
  });
});
