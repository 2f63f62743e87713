import { ForbiddenError, ValidationError, WeftError } from "../../shared/errors";
import {
  type AuthorizeRequest,
  type AuthorizeResponse,
  AuthorizeResponseSchema,
  type RegisterRequest,
  RegisterResponseSchema,
} from "../../shared/hub-contract";

/** The Hub could not be asked, or answered nonsense: nothing is run without its answer (503). */
export class HubUnavailableError extends WeftError {
  readonly status = 503;
}

/** The Hub refused this Server's auth_token (revoked, rotated or forgotten). */
export class HubRejectedServerError extends WeftError {
  readonly status = 503;
}

/** How long the Server waits for its Hub's answer before the request is refused (503). */
export const HUB_TIMEOUT_MS = 10_000;

/** How the client reaches the Hub: the network's fetch, or in `weft all` the Hub app's own. */
export type HubFetch = (request: Request) => Promise<Response>;

/** The Hub's registration answer, as the Server keeps it. */
export interface RegisterAnswer {
  id: string;
  authToken: string | null;
  created: boolean;
  /** The Hub's dispatch public key (base64), when the Hub signs its dispatches. */
  dispatchKey?: string;
}

export interface HubClient {
  /** `POST /servers/register` by the shared secret. */
  register(secret: string, body: RegisterRequest): Promise<RegisterAnswer>;
  /** `POST /internal/authorize` as the Server whose auth_token is `authToken`. */
  authorize(authToken: string, body: AuthorizeRequest): Promise<AuthorizeResponse>;
}

async function detailOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    if (typeof detail === "string") return detail;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${res.status}`;
}

/**
 * A Server's client of its Hub's HTTP API (`HUB_URL` + `/api/v1`). It imports nothing of the
 * Hub: the shared contract (src/shared/hub-contract.ts) is all the two agree on, so a
 * separate Server and the one in `weft all` speak the same requests to the same routes.
 * Errors become the Server's own: the Hub's 403 (a refused token, connection or path) and
 * 400 are the client's problem and pass through with the Hub's words; anything else means
 * the Hub cannot vouch for the request now (503), and nothing runs.
 */
export function createHubClient(
  hubUrl: string,
  fetchHub: HubFetch = (r) => fetch(r),
  { timeoutMs = HUB_TIMEOUT_MS }: { timeoutMs?: number } = {},
): HubClient {
  const base = `${hubUrl.replace(/\/+$/, "")}/api/v1`;
  async function post(path: string, bearer: string, body: unknown): Promise<Response> {
    const request = new Request(`${base}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    try {
      return await fetchHub(request);
    } catch (err) {
      const why = err instanceof Error && err.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : String(err);
      throw new HubUnavailableError(`The Hub at ${hubUrl} cannot be reached (${why}): try again shortly`);
    }
  }

  return {
    async register(secret, body) {
      const res = await post("/servers/register", secret, body);
      if (res.status !== 200 && res.status !== 201) {
        throw new HubRejectedServerError(`The Hub refused this Server's registration: ${await detailOf(res)}`);
      }
      const parsed = RegisterResponseSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success)
        throw new HubUnavailableError("The Hub's registration answer is not what this Server expects");
      const { id, auth_token, dispatch_key } = parsed.data;
      return { id, authToken: auth_token, created: res.status === 201, dispatchKey: dispatch_key };
    },

    async authorize(authToken, body) {
      const res = await post("/internal/authorize", authToken, body);
      if (res.status === 200) {
        const parsed = AuthorizeResponseSchema.safeParse(await res.json().catch(() => null));
        if (!parsed.success)
          throw new HubUnavailableError("The Hub's authorization answer is not what this Server expects");
        return parsed.data;
      }
      const detail = await detailOf(res);
      if (res.status === 403) throw new ForbiddenError(`The Hub refused this request: ${detail}`);
      if (res.status === 400) throw new ValidationError(`The Hub refused this request: ${detail}`);
      if (res.status === 401) throw new HubRejectedServerError(`The Hub does not accept this Server: ${detail}`);
      throw new HubUnavailableError(`The Hub could not authorize this request (${detail}): try again shortly`);
    },
  };
}
