import { NotFoundError, ValidationError } from "../../shared/errors";
import type { AiProvider } from "../config";
import { AI_PROVIDERS } from "../config";

/** The compatible provider: any endpoint that speaks the openai API, at a `base_url` the caller gives. */
export const COMPATIBLE_PROVIDER = "openai-compatible";

/** Every provider the AI routes accept: the four hosted ones and the compatible one. */
export const AI_PROXY_PROVIDERS = [...AI_PROVIDERS, COMPATIBLE_PROVIDER] as const;
export type AiProxyProvider = (typeof AI_PROXY_PROVIDERS)[number];

/** Narrows a path segment to a provider; unknown providers are 404 (an unknown resource). */
export function proxyProviderOf(name: string): AiProxyProvider {
  const found = AI_PROXY_PROVIDERS.find((p) => p === name);
  if (!found) throw new NotFoundError(`Unknown AI provider "${name}" (providers: ${AI_PROXY_PROVIDERS.join(", ")})`);
  return found;
}

/**
 * The base URL a call to `provider` goes to. Hosted providers use their setting
 * (AI_<PROVIDER>_BASE_URL) and refuse a `base_url`, so a key meant for another endpoint is
 * never sent to the hosted one; the compatible provider needs `base_url`: http(s), without
 * credentials, query or fragment. Loopback and private addresses are allowed on purpose:
 * a local model server (Ollama, LM Studio, vLLM) is the usual compatible endpoint.
 */
export function providerBaseUrl(
  provider: AiProxyProvider,
  baseUrl: string | undefined,
  hosted: Record<AiProvider, string>,
): URL {
  if (provider !== COMPATIBLE_PROVIDER) {
    if (baseUrl !== undefined && baseUrl !== "") {
      throw new ValidationError(
        `base_url applies only to ${COMPATIBLE_PROVIDER}; ${provider}'s address is the setting AI_${provider.toUpperCase()}_BASE_URL`,
      );
    }
    return new URL(hosted[provider]);
  }
  if (baseUrl === undefined || baseUrl.trim() === "") {
    throw new ValidationError(`base_url is required for ${COMPATIBLE_PROVIDER} (e.g. http://127.0.0.1:11434/v1)`);
  }
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new ValidationError(`base_url is not a URL: "${baseUrl}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ValidationError(`base_url must be an http:// or https:// URL (got ${url.protocol})`);
  }
  if (url.username || url.password) {
    throw new ValidationError("base_url must not carry user:password@; send credentials in headers");
  }
  if (url.search || url.hash) throw new ValidationError("base_url must not carry a ?query or #fragment");
  return url;
}

/** One path segment after percent-decoding: RFC 3986 path characters without `@` and `%`. */
const SAFE_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;

/**
 * The provider URL for a proxied `{path}` (as the client sent it, still percent-encoded)
 * under `base`. The path may hold slashes (`v1/chat/completions`) but can only name a place
 * under the base URL: empty segments (`//evil.com`), `.` and `..` (also percent-encoded),
 * backslashes, `@`, a first segment like `http:`, and anything still percent-encoded after
 * one decoding (double encoding) are refused with 400.
 */
export function proxyTargetUrl(base: URL, rawPath: string, rawQuery: string): URL {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw new ValidationError(`Proxy path is not valid percent-encoding: "${rawPath}"`);
  }
  const segments = decoded.split("/");
  const bad = segments.find((s) => s === "" || s === "." || s === ".." || !SAFE_SEGMENT.test(s));
  // A first segment that starts like a scheme (`http:`) would read as an absolute URL (RFC 3986 §4.2).
  if (bad !== undefined || /^[a-z][a-z0-9+.-]*:/i.test(segments[0] ?? "")) {
    throw new ValidationError(
      `Proxy path "${decoded}" is refused: it must be a relative path under the provider's base URL (no empty, "." or ".." segments, no "@", "\\" or "%")`,
    );
  }
  const target = new URL(base.href);
  const prefix = base.pathname.replace(/\/+$/, "");
  target.pathname = `${prefix}/${decoded}`;
  target.search = rawQuery;
  // Belt and braces: whatever URL parsing did, the target stays under the base.
  if (target.origin !== base.origin || !target.pathname.startsWith(`${prefix}/`)) {
    throw new ValidationError(`Proxy path "${decoded}" leaves the provider's base URL`);
  }
  return target;
}

/**
 * The client's raw query string without `base_url` (Weft's own parameter), every other
 * pair byte for byte (e.g. gemini's `alt=sse`); "" or "?..." as URL.search expects.
 */
export function forwardedQuery(rawQuery: string): string {
  const pairs = rawQuery
    .replace(/^\?/, "")
    .split("&")
    .filter((pair) => pair !== "" && decodeQueryKey(pair) !== "base_url");
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

function decodeQueryKey(pair: string): string {
  const key = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(key.replace(/\+/g, " "));
  } catch {
    return key;
  }
}
