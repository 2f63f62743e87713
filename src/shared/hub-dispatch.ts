import { sha256Hex } from "./hash";

/**
 * A Hub's signature on its own dispatches to a Server (`POST /api/workflow/execute` and
 * `/api/workflow/preview_code` of an execution), so that the Server's rate limit can tell
 * them from other requests of the same address without asking the Hub: the limit is the
 * Server's first check, before authentication (docs/server-api.md rule 14), and must stay cheap (an
 * Ed25519 verification is tens of microseconds). The Hub signs with its dispatch key
 * (hub/servers/dispatch-key.ts); the Server learns the public half in its registration
 * answer (shared/hub-contract.ts `dispatch_key`).
 *
 * The header is `X-Weft-Hub-Dispatch: <unix ms>.<base64url signature>` over
 * `weft-hub-dispatch/v1`, the method, the path, the timestamp and the SHA-256 of the request's
 * token, one per line. The token is a single-use capability token, so the header is worth
 * nothing with another token, on another route or after DISPATCH_MAX_SKEW_MS; a replay of
 * the whole request spends an already spent token (refused at authorization). The header is
 * not a secret; the token is, which is why only its hash is signed and nothing here logs.
 */
export const HUB_DISPATCH_HEADER = "X-Weft-Hub-Dispatch";

/** How far a dispatch's timestamp may be from the Server's clock, either way. */
export const DISPATCH_MAX_SKEW_MS = 60_000;

/** What a dispatch signature binds. `path` is the route path the Server sees (`/api/workflow/execute`). */
export interface DispatchRequest {
  method: string;
  path: string;
  /** The request's capability token (never logged, never sent in the clear by this: only its hash is signed). */
  token: string;
}

const SIGNATURE_LENGTH = 86; // 64 bytes in unpadded base64url
const HEADER_PATTERN = new RegExp(`^(\\d{1,15})\\.([A-Za-z0-9_-]{${SIGNATURE_LENGTH}})$`);

/** The bytes signed for `request` at `timestampMs`. */
export function dispatchPayload(request: DispatchRequest, timestampMs: number): Uint8Array<ArrayBuffer> {
  const lines = ["weft-hub-dispatch/v1", request.method.toUpperCase(), request.path, String(timestampMs)];
  return new TextEncoder().encode(`${lines.join("\n")}\n${sha256Hex(request.token)}`);
}

/** The header value a Hub sends with `request`, signed with its dispatch private key at `nowMs`. */
export async function signDispatch(privateKey: CryptoKey, request: DispatchRequest, nowMs: number): Promise<string> {
  const timestamp = Math.trunc(nowMs);
  const signature = await crypto.subtle.sign("Ed25519", privateKey, dispatchPayload(request, timestamp));
  return `${timestamp}.${Buffer.from(signature).toString("base64url")}`;
}

/**
 * True when `header` is a dispatch signature of `request` by `publicKey`, made within
 * DISPATCH_MAX_SKEW_MS of `nowMs`. Anything else (absent, malformed, stale, another key,
 * path or token) is false, never an error: such a request is simply not a Hub dispatch.
 */
export async function verifyDispatch(
  publicKey: CryptoKey,
  header: string | undefined,
  request: DispatchRequest,
  nowMs: number,
): Promise<boolean> {
  const match = header?.trim().match(HEADER_PATTERN);
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(nowMs - timestamp) > DISPATCH_MAX_SKEW_MS) return false;
  const signature = Buffer.from(match[2] as string, "base64url");
  return crypto.subtle.verify("Ed25519", publicKey, signature, dispatchPayload(request, timestamp));
}

/** The Hub's dispatch public key from its registration answer (raw 32 bytes, base64); null when it is not one. */
export async function importDispatchPublicKey(base64: string): Promise<CryptoKey | null> {
  const raw = Buffer.from(base64, "base64");
  if (raw.length !== 32) return null;
  return crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]).catch(() => null);
}
