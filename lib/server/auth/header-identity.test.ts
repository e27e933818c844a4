import { describe, expect, it } from 'vitest';
import { headerIdentity } from './header-identity';
import { parseTrustedProxies } from '@/lib/server/platform/trusted-proxies';

const settings = (trusted: string) => ({
  userHeader: 'x-forwarded-user',
  emailHeader: 'x-forwarded-email',
  trusted: parseTrustedProxies(trusted).ranges,
});
const headers = new Headers({ 'x-forwarded-user': 'ada', 'x-forwarded-email': 'ada@example.com' });

describe("a proxy's plain identity headers", () => {
  it('name the user when the request comes from a trusted proxy', () => {
    expect(headerIdentity(headers, '10.0.0.5', settings('10.0.0.0/8'))).toEqual({
      subject: 'ada',
      issuer: 'proxy-header',
      email: 'ada@example.com',
    });
  });

  it('are ignored from any other address, and by default from every one', () => {
    expect(() => headerIdentity(headers, '192.168.0.9', settings('10.0.0.0/8'))).toThrow(/trusted proxy/);
    expect(() => headerIdentity(headers, '127.0.0.1', settings(''))).toThrow(/trusted proxy/);
    expect(() => headerIdentity(headers, undefined, settings('10.0.0.0/8'))).toThrow(/trusted proxy/);
  });

  it('are refused when the trusted proxy names nobody', () => {
    expect(() => headerIdentity(new Headers(), '10.0.0.5', settings('10.0.0.0/8'))).toThrow(/no x-forwarded-user header/);
  });
});
