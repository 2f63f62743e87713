import type { HubDatabase, HubQueryable } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ForbiddenError, RateLimitedError, UnauthorizedError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { AuditWriter } from "../audit/writer";
import type { HubConfig } from "../config";
import type { SessionUser } from "../guards";
import * as users from "../users/queries";
import { userBody } from "../users/schemas";
import { checkNewPassword } from "../users/service";
import { LoginThrottle } from "./login-throttle";
import type { PasswordHasher } from "./passwords";
import { deleteSession, insertSession } from "./queries";
import type { Login, PasswordChange, Register, SessionBody } from "./schemas";

export interface AuthServiceDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
  passwords: PasswordHasher;
  config: Pick<
    HubConfig,
    "sessionTtlHours" | "loginMaxAttempts" | "loginMaxAttemptsPerIp" | "loginWindowSeconds" | "serverHere"
  >;
}

/** Where a request came from, kept on its session and in login audit events. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** The one answer for an unknown username and a wrong password alike. */
export const INVALID_LOGIN = "invalid username or password";
export const ACCOUNT_DISABLED = "This account is disabled: ask an administrator to enable it";

/**
 * Registration of the first account, login, logout, the caller's own account and password.
 * Login spends the same work whether or not the username exists (an Argon2id verify against
 * the hasher's dummy hash), answers one error for both, and is throttled per username and
 * per client address (LoginThrottle) before any password is checked.
 */
export function authService({ database, audit, clock, passwords, config }: AuthServiceDeps) {
  const throttle = new LoginThrottle({
    clock,
    maxPerUsername: config.loginMaxAttempts,
    maxPerAddress: config.loginMaxAttemptsPerIp,
    windowSeconds: config.loginWindowSeconds,
  });
  const ttlMs = config.sessionTtlHours * 3_600_000;
  // Made now, so the first unknown username does not pay for making it (a timing tell).
  void passwords.dummyHash();

  /** Opens a session for `userId` inside `tx`; answers what login answers. */
  const openSession = async (tx: HubQueryable, userId: string, client: ClientInfo): Promise<SessionBody> => {
    const at = clock();
    const expiresAt = new Date(at.getTime() + ttlMs);
    const { token } = await insertSession(tx, { userId, at, expiresAt, ip: client.ip, userAgent: client.userAgent });
    await users.updateUser(tx, userId, { lastLoginAt: at });
    const row = await users.findUser(tx, userId);
    if (!row) throw new Error("the account vanished inside its own transaction");
    return { token, expires_at: expiresAt.toISOString(), user: userBody(row) };
  };

  const throttled = (username: string, client: ClientInfo) => {
    const wait = throttle.attempt(username, client.ip);
    if (wait > 0) throw new RateLimitedError(wait);
  };

  return {
    async status(session: { user: SessionUser } | null) {
      const needsSetup = (await users.countUsers(database)) === 0;
      const row = session ? await users.findUser(database, session.user.id) : undefined;
      return {
        needs_setup: needsSetup,
        authenticated: row !== undefined,
        ...(row ? { user: userBody(row) } : {}),
        ...(config.serverHere ? { server_here: true as const } : {}),
      };
    },

    async register(body: Register, client: ClientInfo): Promise<SessionBody> {
      const closed = () => new ForbiddenError("Registration is closed: an administrator creates accounts");
      // Checked before the (costly) hash so a closed Hub does not hash for anyone; checked
      // again under the accounts lock, which decides a race between two first registrations.
      if ((await users.countUsers(database)) > 0) throw closed();
      checkNewPassword(body.password);
      const passwordHash = await passwords.hash(body.password);
      return audit.write(async (tx, record) => {
        await users.lockAccounts(tx);
        if ((await users.countUsers(tx)) > 0) throw closed();
        const id = newId();
        await users.insertUser(tx, {
          id,
          username: body.username,
          email: body.email ?? null,
          passwordHash,
          role: "owner",
          at: clock(),
        });
        const answer = await openSession(tx, id, client);
        await record({
          actorType: "user",
          actorId: id,
          action: "auth.register",
          targetType: "user",
          targetId: id,
          details: { username: body.username, role: "owner", ip: client.ip },
        });
        return answer;
      });
    },

    async login(body: Login, client: ClientInfo): Promise<SessionBody> {
      throttled(body.username, client);
      const found = await users.findCredentials(database, { username: body.username });
      // An unknown name costs one Argon2id verify too, against a hash of the same cost.
      const ok = await passwords.verify(body.password, found?.passwordHash ?? (await passwords.dummyHash()));
      if (!found || !ok) {
        await audit.write((_tx, record) =>
          record({
            actorType: "user",
            actorId: found?.id ?? null,
            action: "auth.login_failed",
            targetType: "user",
            targetId: found?.id ?? null,
            details: { username: body.username, ip: client.ip, reason: found ? "wrong_password" : "unknown_user" },
          }),
        );
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      throttle.succeeded(body.username, client.ip);
      if (found.disabledAt) {
        // Said only to whoever knows the password: the account exists, and an administrator holds it.
        await audit.write((_tx, record) =>
          record({
            actorType: "user",
            actorId: found.id,
            action: "auth.login_failed",
            targetType: "user",
            targetId: found.id,
            details: { username: body.username, ip: client.ip, reason: "disabled" },
          }),
        );
        throw new UnauthorizedError(ACCOUNT_DISABLED);
      }
      return audit.write(async (tx, record) => {
        const answer = await openSession(tx, found.id, client);
        await record({
          actorType: "user",
          actorId: found.id,
          action: "auth.login",
          targetType: "user",
          targetId: found.id,
          details: { username: found.username, ip: client.ip },
        });
        return answer;
      });
    },

    async logout(user: SessionUser, sessionId: string): Promise<void> {
      await audit.write(async (tx, record) => {
        await deleteSession(tx, sessionId);
        await record({
          actorType: "user",
          actorId: user.id,
          action: "auth.logout",
          targetType: "session",
          targetId: sessionId,
        });
      });
    },

    async me(user: SessionUser) {
      const row = await users.findUser(database, user.id);
      if (!row) throw new UnauthorizedError("Sign in first: missing, unknown or expired session");
      return userBody(row);
    },

    /** The caller's own password: the current one is checked; every other session of theirs ends. */
    async changePassword(user: SessionUser, sessionId: string, body: PasswordChange, client: ClientInfo) {
      checkNewPassword(body.new_password);
      // Throttled like login: a stolen session must not become a way to guess the password.
      throttled(user.username, client);
      const found = await users.findCredentials(database, { id: user.id });
      if (!found || !(await passwords.verify(body.current_password, found.passwordHash))) {
        await audit.write((_tx, record) =>
          record({
            actorType: "user",
            actorId: user.id,
            action: "auth.password_change_failed",
            targetType: "user",
            targetId: user.id,
            details: { reason: "wrong_current_password", ip: client.ip },
          }),
        );
        throw new ForbiddenError("The current password is not correct");
      }
      throttle.succeeded(user.username, client.ip);
      const passwordHash = await passwords.hash(body.new_password);
      return audit.write(async (tx, record) => {
        await users.updateUser(tx, user.id, { passwordHash, updatedAt: clock() });
        const ended = await users.deleteSessionsOf(tx, user.id, sessionId);
        await record({
          actorType: "user",
          actorId: user.id,
          action: "auth.password_change",
          targetType: "user",
          targetId: user.id,
          details: { sessions_ended: ended },
        });
        return { sessions_ended: ended };
      });
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
