import { randomToken } from "../../shared/ids";
import { MIN_PASSWORD_LENGTH } from "../../shared/roles";

/** Argon2 hashes whatever it is given; a cap stops a megabyte "password" costing a request's CPU. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Argon2id hashing and verification; one per Hub (HubDeps.passwords), so tests can count calls. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /**
   * A real Argon2id hash of a random password, made once and at this hasher's cost: login
   * verifies against it when the username is unknown, so an unknown name costs the same
   * time as a wrong password and the answer's timing does not tell which it was.
   */
  dummyHash(): Promise<string>;
}

export interface Argon2Cost {
  /** KiB of memory (Bun's default 65536). */
  memoryCost?: number;
  /** Passes (Bun's default 2). */
  timeCost?: number;
}

/** Bun.password with Argon2id (hub.md rule 5); `cost` only lowers in tests. */
export function createPasswordHasher(cost: Argon2Cost = {}): PasswordHasher {
  const hash = (password: string) => Bun.password.hash(password, { algorithm: "argon2id", ...cost });
  let dummy: Promise<string> | undefined;
  return {
    hash,
    // Bun.password.verify reads the algorithm and cost from the PHC string it is given.
    verify: (password, stored) => Bun.password.verify(password, stored, "argon2id"),
    dummyHash: () => {
      dummy ??= hash(randomToken(24));
      return dummy;
    },
  };
}

/** Why `password` is not acceptable as a new password, or null. Never echoes the password. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}
