import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 symbols without the look-alikes 0/O and 1/I: 5 bits each, 30 bits per 6-character code. */
const CODE_ALPHABET = 'abcdefghjklmnpqrstuvwxyz23456789';
const CODE_LENGTH = 6;

/** A login code from the CSPRNG, lower case as the client sends it back. */
export function generateLoginCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++)
    code += CODE_ALPHABET.charAt(randomInt(CODE_ALPHABET.length));
  return code;
}

/** How people see a code: `XXX-XXX`, upper case (spec 02 §5 "Auth code display"). */
export function formatLoginCode(code: string): string {
  const upper = code.toUpperCase();
  return `${upper.slice(0, 3)}-${upper.slice(3)}`;
}

/** 256 random bits, URL-safe: session ids, access tokens, chat tokens, login challenges. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * A code is stored as SHA-256 over the attempt's challenge hash and the code, so the same code
 * in two attempts hashes differently and a stored hash is only useful with its own attempt.
 */
export function hashLoginCode(challengeHash: string, code: string): string {
  return sha256(`${challengeHash}:${code}`);
}
