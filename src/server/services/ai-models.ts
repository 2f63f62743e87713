import { z } from "zod";
import { ValidationError } from "../../shared/errors";
import { type AiProxyProvider, COMPATIBLE_PROVIDER } from "./ai-providers";
import { AiUpstreamError, unreachable } from "./ai-upstream-error";

/** One model as `/api/ai/models` lists it, whatever the provider's own shape. */
export interface AiModel {
  id: string;
  name: string;
  owned_by: string;
}

/** A models list is a small metadata call: 30 s is generous. */
export const MODELS_TIMEOUT_MS = 30_000;
/** The `anthropic-version` header the anthropic API requires. */
export const ANTHROPIC_VERSION = "2023-06-01";
/** Anthropic and gemini page their lists; more pages than this is not a list of models. */
const MAX_PAGES = 20;

export interface ListModelsOptions {
  provider: AiProxyProvider;
  /** The provider's base URL (providers.ts: setting or checked `base_url`). */
  base: URL;
  /** Sent to the provider only, in its own header; never logged or stored. */
  apiKey?: string;
  /** The client's request signal: a client that leaves cancels the call. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

const OpenAiList = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string().nullish(), owned_by: z.string().nullish() })),
});
const AnthropicPage = z.object({
  data: z.array(z.object({ id: z.string(), display_name: z.string().nullish() })),
  has_more: z.boolean().nullish(),
  last_id: z.string().nullish(),
});
const GeminiPage = z.object({
  models: z.array(z.object({ name: z.string(), displayName: z.string().nullish() })).default([]),
  nextPageToken: z.string().nullish(),
});

/**
 * The models `provider` offers, mapped to `{id, name, owned_by}`: openai, mistral and the
 * compatible provider `GET v1/models` (Bearer key); anthropic `GET v1/models` (x-api-key,
 * anthropic-version) and gemini `GET v1beta/models` (x-goog-api-key rather than `?key=`,
 * so the key is in no URL), both followed page by page. `owned_by` is the provider's own
 * value where it has one, else the provider ("google" for gemini).
 */
export async function listModels(opts: ListModelsOptions): Promise<AiModel[]> {
  switch (opts.provider) {
    case "anthropic":
      return anthropicModels(opts);
    case "gemini":
      return geminiModels(opts);
    default: {
      const headers: Record<string, string> = opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {};
      const relative =
        opts.provider === COMPATIBLE_PROVIDER && /\/v\d+[a-z0-9]*$/i.test(opts.base.pathname) ? "models" : "v1/models";
      const list = OpenAiList.safeParse(await getJson(opts, relative, headers));
      if (!list.success) throw malformed(opts);
      return list.data.data.map((m) => ({ id: m.id, name: m.name || m.id, owned_by: m.owned_by || opts.provider }));
    }
  }
}

async function anthropicModels(opts: ListModelsOptions): Promise<AiModel[]> {
  const headers: Record<string, string> = { "anthropic-version": ANTHROPIC_VERSION };
  if (opts.apiKey) headers["x-api-key"] = opts.apiKey;
  const models: AiModel[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = `limit=1000${after ? `&after_id=${encodeURIComponent(after)}` : ""}`;
    const parsed = AnthropicPage.safeParse(await getJson(opts, `v1/models?${query}`, headers));
    if (!parsed.success) throw malformed(opts);
    for (const m of parsed.data.data) models.push({ id: m.id, name: m.display_name || m.id, owned_by: "anthropic" });
    if (!parsed.data.has_more || !parsed.data.last_id) return models;
    after = parsed.data.last_id;
  }
  return models;
}

async function geminiModels(opts: ListModelsOptions): Promise<AiModel[]> {
  const headers: Record<string, string> = opts.apiKey ? { "x-goog-api-key": opts.apiKey } : {};
  const models: AiModel[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = `pageSize=1000${token ? `&pageToken=${encodeURIComponent(token)}` : ""}`;
    const parsed = GeminiPage.safeParse(await getJson(opts, `v1beta/models?${query}`, headers));
    if (!parsed.success) throw malformed(opts);
    for (const m of parsed.data.models) {
      const id = m.name.replace(/^models\//, "");
      models.push({ id, name: m.displayName || id, owned_by: "google" });
    }
    if (!parsed.data.nextPageToken) return models;
    token = parsed.data.nextPageToken;
  }
  return models;
}

/** GETs `relative` under the base URL and parses JSON; a refusal of the key is 400, anything else wrong 502/504. */
async function getJson(opts: ListModelsOptions, relative: string, headers: Record<string, string>): Promise<unknown> {
  const url = new URL(`${opts.base.pathname.replace(/\/+$/, "")}/${relative}`, opts.base.origin);
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? MODELS_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json", ...headers }, redirect: "manual", signal });
  } catch (err) {
    if (timeout.aborted) {
      const seconds = (opts.timeoutMs ?? MODELS_TIMEOUT_MS) / 1000;
      throw new AiUpstreamError(`${opts.provider} at ${url.origin} sent no models list within ${seconds} s`, 504);
    }
    throw unreachable(opts.provider, url.origin, err);
  }
  const text = await res.text();
  if (res.status === 401 || res.status === 403) {
    throw new ValidationError(
      `${opts.provider} refused the API key (${res.status}): ${providerMessage(text, opts.apiKey)}`,
    );
  }
  if (!res.ok) {
    throw new AiUpstreamError(
      `${opts.provider} answered the models list with ${res.status}: ${providerMessage(text, opts.apiKey)}`,
      502,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw malformed(opts);
  }
}

function malformed(opts: ListModelsOptions): AiUpstreamError {
  return new AiUpstreamError(`${opts.provider} at ${opts.base.origin} answered with an unexpected models list`, 502);
}

/** The provider's own error message (`error.message`, `message` or `detail`), short, with the key blanked out. */
export function providerMessage(text: string, apiKey: string | undefined): string {
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const found =
      typeof body.error === "object" ? body.error?.message : (body.error ?? body.message ?? body.detail ?? undefined);
    if (typeof found === "string") message = found;
  } catch {
    // not JSON: the text itself is the message
  }
  if (apiKey) message = message.split(apiKey).join("[key]");
  message = message.replace(/\s+/g, " ").trim();
  return message.length > 300 ? `${message.slice(0, 300)}…` : message || "(no message)";
}
