/**
 * Password hashing with Argon2id (@node-rs/argon2, OWASP's recommended parameters by default).
 * DESIGN.md section 3: memory-hard hashing by a well-kept library; no home-made crypto.
 */
import { hash, verify } from '@node-rs/argon2';

/** Returns an encoded Argon2id hash (salt and parameters included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches `encodedHash`; false for a malformed hash, never throws. */
export async function verifyPassword(encodedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(encodedHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the e-mail is unknown, so that sign-in takes the same time
 * whether or not the account exists.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-for-timing');
  return dummy;
}
