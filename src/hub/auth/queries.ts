import { eq } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import { newId } from "../../shared/ids";
import { newSessionToken, sessionTokenHash } from "./session-token";

export interface NewSession {
  userId: string;
  at: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** Stores a session (only the token's SHA-256) and answers its token, which exists nowhere else. */
export async function insertSession(tx: HubQueryable, s: NewSession): Promise<{ id: string; token: string }> {
  const id = newId();
  const token = newSessionToken();
  await tx.db.insert(tx.t.sessions).values({
    id,
    tokenSha256: sessionTokenHash(token),
    userId: s.userId,
    createdAt: s.at,
    expiresAt: s.expiresAt,
    lastUsedAt: s.at,
    ip: s.ip,
    userAgent: s.userAgent,
  });
  return { id, token };
}

export async function deleteSession(tx: HubQueryable, id: string): Promise<void> {
  await tx.db.delete(tx.t.sessions).where(eq(tx.t.sessions.id, id));
}
