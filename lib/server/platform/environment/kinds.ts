import 'server-only';
import { z } from 'zod';
import { formatBytes } from '@/lib/sse/limits';
import { parseTrustedProxies, type AddressRange } from '@/lib/server/platform/trusted-proxies';
import { allowedHosts } from '@/lib/server/platform/allowed-hosts';

/**
 * How one kind of variable's text becomes its value: a zod schema over the text, what a
 * valid value is (in words finishing "NAME must be …"), how a rejected value is shown
 * (a secret-bearing one never shows itself), and how a value reads in the README.
 */
export interface Kind<T> {
  schema: z.ZodType<T, string>;
  expects: string;
  shown?: (text: string) => string;
  // A method, so a Kind<number> is also a Kind<unknown> (it is only given its own values).
  described?(value: T): string;
}

/** The longest timer Node keeps: a longer setTimeout fires at once, so a larger value would mean "immediately". */
const MAX_TIMER_MS = 2_147_483_647;

/** Number() as the old parsers read these values ("1e3" included); a whole number in range. */
const wholeNumber = (max: number) => z.string().transform(Number).pipe(z.number().int().min(1).max(max));

function duration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export const milliseconds: Kind<number> = {
  schema: wholeNumber(MAX_TIMER_MS),
  expects: `a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`,
  described: (ms) => `\`${ms}\` (${duration(ms)})`,
};

export const bytes: Kind<number> = {
  schema: wholeNumber(Number.MAX_SAFE_INTEGER),
  expects: 'a whole number of bytes, at least 1',
  described: (n) => `\`${n}\` (${formatBytes(n)})`,
};

export const count: Kind<number> = {
  schema: wholeNumber(1_000_000_000),
  expects: 'a whole number from 1 to 1000000000',
};

export const port: Kind<number> = { schema: wholeNumber(65_535), expects: 'a port number from 1 to 65535' };

export const host: Kind<string> = {
  schema: z.string().regex(/^[^\s/]+$/),
  expects: 'a host name or IP address to listen on, such as 127.0.0.1, 0.0.0.0 or ::',
};

export const path: Kind<string> = { schema: z.string(), expects: 'a path' };

/** URL.parse arrived in Node 22; Sluice runs on 20. */
function protocolOf(text: string): string {
  try {
    return new URL(text).protocol;
  } catch {
    return '';
  }
}

/** An http(s) address that paths are appended to: a trailing slash would double theirs. */
export const httpUrl: Kind<string> = {
  schema: z
    .string()
    .refine((text) => /^https?:$/.test(protocolOf(text)))
    .transform((text) => text.replace(/\/+$/, '')),
  expects: 'an http:// or https:// URL',
};

/** An OpenID issuer: an http(s) URL kept exactly as written (a trailing slash is part of some issuers, Auth0's). */
export const issuerUrl: Kind<string> = {
  schema: z
    .string()
    .trim()
    .refine((text) => /^https?:$/.test(protocolOf(text))),
  expects: 'an http:// or https:// URL, exactly as the issuer names itself',
};

/** A secret (a client secret): any text, never shown back, even when rejected. */
export const secret: Kind<string> = { schema: z.string().trim().min(1), expects: 'some text', shown: () => 'hidden' };

/** The scheme of a rejected connection URL, if it has one: never the rest, which may hold a password. */
function schemeOnly(text: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1];
  return `${scheme ? `a ${scheme}:// URL` : 'a value of another form'}, the rest hidden as it may hold a password`;
}

/** A connection URL: one of `prefixes`, checked no further (the client's own errors say the rest, at connection). */
const connectionUrl = (prefixes: string[], expects: string): Kind<string> => ({
  schema: z.string().refine((text) => prefixes.some((prefix) => text.toLowerCase().startsWith(prefix))),
  expects,
  shown: schemeOnly,
});

/** The forms pg's connection strings take. */
export const postgresUrl = connectionUrl(
  ['postgres://', 'postgresql://', 'socket:', '/'],
  "a postgres:// URL (such as postgres://user:password@db-host:5432/sluice), a socket: URL or a Unix socket folder's path",
);

/** The forms of ioredis's URLs that the README offers (it also takes a bare port or host:port). */
export const redisUrl = connectionUrl(
  ['redis://', 'rediss://', '/'],
  "a redis:// or rediss:// URL (such as redis://:password@redis-host:6379/0) or a Unix socket's path",
);

/** A name as allowedHosts leaves it: a DNS name (`.name` for its subdomains), an IPv4 address, or an IPv6 one in brackets. */
const HOST_NAME = /^(\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])$/;

/** The first listed name that no Host header could ever match (a URL, an unbracketed IPv6 address …). */
const unmatchable = (text: string) =>
  text.split(/[\s,]+/).find((entry) => entry && !HOST_NAME.test(allowedHosts(entry)[0] ?? ''));

export const hostNames: Kind<string[]> = {
  schema: z
    .string()
    .refine((text) => unmatchable(text) === undefined)
    .transform(allowedHosts),
  expects:
    'host names, comma- or space-separated, such as sluice.example.com, .example.com or *.example.com (with subdomains), 10.0.0.5 or [2001:db8::1]',
  shown: (text) => `"${unmatchable(text)}" among them`,
  described: (names) => (names.length ? names.join(', ') : 'none'),
};

/** One of a few words. */
export const oneOf = <const W extends string>(words: readonly [W, ...W[]]): Kind<W> => ({
  schema: z.string().trim().toLowerCase().pipe(z.enum(words)),
  expects: `one of ${words.join(', ')}`,
});

/** An HTTP header's name (a token: letters, digits and a few marks), lowercased as Headers reads it. */
export const headerName: Kind<string> = {
  schema: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/)
    .transform((text) => text.toLowerCase()),
  expects: 'an HTTP header name, such as Cf-Access-Jwt-Assertion or X-Forwarded-User',
};

/** Free text, trimmed, such as a token's issuer or audience (compared exactly). */
export const text: Kind<string> = { schema: z.string().trim().min(1), expects: 'some text' };

/** Addresses and CIDR ranges, comma- or space-separated (lib/server/platform/trusted-proxies.ts). */
export const addressRanges: Kind<AddressRange[]> = {
  schema: z
    .string()
    .refine((value) => parseTrustedProxies(value).invalid === undefined)
    .transform((value) => parseTrustedProxies(value).ranges),
  expects: 'IP addresses or CIDR ranges, comma- or space-separated, such as 10.0.0.5, 10.0.0.0/8 or fd00::/8',
  shown: (value) => `"${parseTrustedProxies(value).invalid}" among them`,
  described: (ranges) => (ranges.length ? ranges.map(([a, bits]) => `${a.toString()}/${bits}`).join(', ') : 'none'),
};

/** Email addresses, comma- or space-separated, lowercased (compared with what a sign-in says). */
export const emails: Kind<string[]> = {
  schema: z
    .string()
    .transform((value) =>
      value
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((e) => e.toLowerCase()),
    )
    .pipe(z.array(z.string().regex(/^[^\s@]+@[^\s@]+$/))),
  expects: 'email addresses, comma- or space-separated',
  described: (list) => (list.length ? list.join(', ') : 'none'),
};

const ON = ['1', 'true', 'yes', 'on'];
const OFF = ['0', 'false', 'no', 'off'];

export const flag: Kind<boolean> = {
  schema: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum([...ON, ...OFF]))
    .transform((text) => ON.includes(text)),
  expects: '1 or 0 (or true/false, yes/no, on/off)',
  described: (on) => (on ? 'on' : 'off'),
};
