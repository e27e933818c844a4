import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: a link nobody can guess or count through (issue 40 asks for at least 128). */
const TOKEN_BYTES = 32;

/** A token's form: base64url of TOKEN_BYTES bytes. Anything else is not looked up at all. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new share's token, shown once in its link. */
export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a copy of the database opens no share. */
export function shareTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isShareToken(value: string): boolean {
  return TOKEN.test(value);
}

/** The share page's path for a token. */
export const sharePath = (token: string) => `/s/${token}`;
