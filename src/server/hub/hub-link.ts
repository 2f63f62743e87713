import { UnauthorizedError } from "../../shared/errors";
import type { AuthorizeRequest, AuthorizeResponse } from "../../shared/hub-contract";
import { importDispatchPublicKey } from "../../shared/hub-dispatch";
import type { Logger } from "../../shared/logger";
import { type HubClient, HubRejectedServerError } from "./hub-client";

/** The heartbeat repeats every 30 seconds (docs/hub.md "Operating Servers in hub mode"). */
export const HEARTBEAT_MS = 30_000;

export interface HubLinkDeps {
  client: HubClient;
  /** HUB_SERVER_TOKEN; without it this Server cannot register, so it cannot be authorized. */
  secret: string | undefined;
  name: string;
  /** Where the Hub and clients reach this Server (known once it listens). */
  endpoint: () => string;
  version: string;
  logger: Logger;
  intervalMs?: number;
}

/** This Server's standing with its Hub: its registration, heartbeat and authorizations. */
export interface HubLink {
  /** Registers (a new auth_token: the old one, if any, ends) and starts the heartbeat. */
  start(): Promise<void>;
  /** One heartbeat now (the timer calls it; tests too). */
  heartbeat(): Promise<void>;
  /** Redeems a capability token for one request; re-registers once if the Hub forgot this Server. */
  authorize(body: AuthorizeRequest): Promise<AuthorizeResponse>;
  /** The id the Hub knows this Server by, once registered. */
  serverId(): string | undefined;
  /**
   * The Hub's dispatch public key, as its last registration answer named it (none before the
   * first, or from a Hub that signs no dispatches): the rate limit verifies dispatches with it.
   */
  dispatchKey(): CryptoKey | undefined;
  stop(): void;
}

/**
 * The auth_token lives in this process's memory only, never on disk: a Server that starts
 * registers with `rotate: true` and gets a new one (the Hub ends the old), so there is no
 * token file to protect or leak, and a copied data directory carries no identity. The
 * heartbeat re-registers without rotating: the Hub records the endpoint and version and
 * polls the Server soon; if an administrator deleted it, the Hub makes it anew and answers
 * a new token (201), which is adopted. An authorization the Hub answers 401 (the token was
 * rotated or the Server forgotten between heartbeats) re-registers with rotation once and
 * asks again; the user's capability token is untouched by a 401 (the Hub checks the Server
 * before it reads the body), so the retry spends it only once.
 */
export function createHubLink(deps: HubLinkDeps): HubLink {
  const { client, secret, name, version, logger } = deps;
  let token: string | undefined;
  let id: string | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let registering: Promise<void> | undefined;
  let dispatchKeyText: string | undefined;
  let dispatchKey: CryptoKey | undefined;

  /** Follows the key each answer names (a Hub that restarted with a new key, or none). */
  async function adoptDispatchKey(text: string | undefined): Promise<void> {
    if (text === dispatchKeyText) return;
    dispatchKeyText = text;
    const key = text ? await importDispatchPublicKey(text) : null;
    if (dispatchKeyText !== text) return; // a newer answer named another meanwhile
    if (text && !key)
      logger.warn("the Hub's dispatch key is not an Ed25519 public key: its dispatches are not told apart");
    dispatchKey = key ?? undefined;
  }

  async function register(rotate: boolean): Promise<void> {
    if (!secret) {
      // Fails closed: without a registration no request can be vouched for (401, as any unauthorized one).
      throw new UnauthorizedError(
        "This Server cannot authorize requests: it is not registered with its Hub (set HUB_SERVER_TOKEN, --hub-server-token)",
      );
    }
    const answer = await client.register(secret, { name, endpoint: deps.endpoint(), version, rotate });
    id = answer.id;
    if (answer.authToken) token = answer.authToken;
    await adoptDispatchKey(answer.dispatchKey);
    if (answer.created && !rotate) logger.warn("the Hub had forgotten this Server: registered anew", { server: name });
  }

  /** One registration with rotation at a time: concurrent 401s share it. */
  function reRegister(): Promise<void> {
    registering ??= register(true).finally(() => {
      registering = undefined;
    });
    return registering;
  }

  return {
    async start() {
      // The heartbeat runs even if this first registration fails (a Hub still starting): it registers later.
      timer ??= setInterval(() => void this.heartbeat(), deps.intervalMs ?? HEARTBEAT_MS);
      timer.unref?.();
      await reRegister();
      logger.info("registered with the Hub", { server: name, server_id: id });
    },
    async heartbeat() {
      try {
        // Without a token yet (the first registration failed), this one is the first: it rotates.
        if (token) await register(false);
        else await reRegister();
      } catch (err) {
        logger.warn("heartbeat to the Hub failed", { error: err instanceof Error ? err.message : String(err) });
      }
    },
    async authorize(body) {
      if (!token) await reRegister();
      try {
        return await client.authorize(token as string, body);
      } catch (err) {
        if (!(err instanceof HubRejectedServerError)) throw err;
        await reRegister();
        return await client.authorize(token as string, body);
      }
    },
    serverId: () => id,
    dispatchKey: () => dispatchKey,
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
