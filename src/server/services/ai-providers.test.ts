import { describe, expect, test } from "bun:test";
import { NotFoundError, ValidationError } from "../../shared/errors";
import { forwardedQuery, providerBaseUrl, proxyProviderOf, proxyTargetUrl } from "./ai-providers";

const hosted = {
  openai: "https://api.openai.com",
  anthropic: "https://api.anthropic.com",
  gemini: "https://generativelanguage.googleapis.com",
  mistral: "https://gw.example/mistral",
};

describe("proxyTargetUrl", () => {
  const openai = new URL(hosted.openai);
  const prefixed = new URL("http://127.0.0.1:11434/compat/v1");

  test.each([
    [openai, "v1/chat/completions", "", "https://api.openai.com/v1/chat/completions"],
    [prefixed, "chat/completions", "?stream=1", "http://127.0.0.1:11434/compat/v1/chat/completions?stream=1"],
    [
      new URL(hosted.gemini),
      "v1beta/models/gemini-2.0-flash:streamGenerateContent",
      "?alt=sse",
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse",
    ],
    [openai, "v1/models/ft:gpt-4o:acme:x~1", "", "https://api.openai.com/v1/models/ft:gpt-4o:acme:x~1"],
    [openai, "v1/files/file%2Dabc", "", "https://api.openai.com/v1/files/file-abc"],
  ])("%s + %s", (base, path, query, expected) => {
    expect(proxyTargetUrl(base, path, query).href).toBe(expected);
  });

  test.each([
    "",
    "/",
    "v1/",
    "/v1/models",
    "v1//models",
    "%2F%2Fevil.com",
    "..",
    "v1/../../admin",
    "v1/%2e%2e/admin",
    "v1/.%2E/admin",
    "v1/./models",
    "v1/%252e%252e",
    "v1/..%5cadmin",
    "v1\\..\\admin",
    "user@evil.com",
    "v1/models%40evil",
    "http:",
    "https:/evil.com",
    "javascript:alert(1)/x".replace("(", "%28"),
    "v1/a b",
    "v1/%0d%0aX-Injected:1",
    "v1/é",
    "%E0%A4%A",
  ])("refuses %p", (path) => {
    expect(() => proxyTargetUrl(prefixed, path, "")).toThrow(ValidationError);
  });
});

describe("forwardedQuery", () => {
  test.each([
    ["", ""],
    ["?base_url=http%3A%2F%2Fx", ""],
    ["?a=1&base_url=x&b=%2F+c", "?a=1&b=%2F+c"],
    ["?base%5Furl=x&key=k", "?key=k"],
    ["?alt=sse&&x", "?alt=sse&x"],
    ["?%zz=1", "?%zz=1"],
  ])("%p → %p", (raw, expected) => {
    expect(forwardedQuery(raw)).toBe(expected);
  });
});

describe("providerBaseUrl", () => {
  test("hosted providers use their setting and refuse base_url", () => {
    expect(providerBaseUrl("mistral", undefined, hosted).href).toBe("https://gw.example/mistral");
    expect(providerBaseUrl("openai", "", hosted).href).toBe("https://api.openai.com/");
    expect(() => providerBaseUrl("anthropic", "http://127.0.0.1/v1", hosted)).toThrow("AI_ANTHROPIC_BASE_URL");
  });

  test("openai-compatible needs an http(s) base_url without credentials, query or fragment", () => {
    expect(providerBaseUrl("openai-compatible", " http://10.0.0.5:8000/v1 ", hosted).href).toBe(
      "http://10.0.0.5:8000/v1",
    );
    for (const bad of [
      undefined,
      " ",
      "ftp://h/v1",
      "file:///etc",
      "//h/v1",
      "http://a:b@h/v1",
      "http://h/v1?x=1",
      "http://h/#f",
    ]) {
      expect(() => providerBaseUrl("openai-compatible", bad, hosted)).toThrow(ValidationError);
    }
  });

  test("an unknown provider is a 404", () => {
    expect(proxyProviderOf("gemini")).toBe("gemini");
    expect(() => proxyProviderOf("OpenAI")).toThrow(NotFoundError);
    expect(() => proxyProviderOf("__proto__")).toThrow(NotFoundError);
  });
});
