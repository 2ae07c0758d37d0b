// The secrets that open the API: players' tokens (192 random bits from node:crypto, kept only as
// their SHA-256) and the GM's secret, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Players' tokens start so, to tell them from a GM secret at a glance. */
export const PLAYER_PREFIX = "fp_";

/** A new player's token: 24 random bytes (192 bits), URL-safe. */
export function newPlayerToken(): string {
  return PLAYER_PREFIX + randomBytes(24).toString("base64url");
}

/** A new GM secret: 16 random bytes (128 bits), URL-safe. */
export function newGmSecret(): string {
  return randomBytes(16).toString("base64url");
}

/** What the store keeps of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isPlayerToken(credential: string): boolean {
  return credential.startsWith(PLAYER_PREFIX);
}

/** Whether `given` is the GM's secret, in a time that does not depend on where they differ. */
export function isSecret(given: string, secretHash: Buffer): boolean {
  return timingSafeEqual(createHash("sha256").update(given).digest(), secretHash);
}

export function secretHash(secret: string): Buffer {
  return createHash("sha256").update(secret).digest();
}
