import { describe, expect, it } from 'vitest';
import { fromTrustedProxy, parseTrustedProxies } from './trusted-proxies';

describe('trusted proxies', () => {
  const { ranges } = parseTrustedProxies('10.0.0.0/8, 192.168.1.7 fd00::/8');

  it('matches addresses inside the listed ranges, and only those', () => {
    expect(fromTrustedProxy('10.1.2.3', ranges)).toBe(true);
    expect(fromTrustedProxy('192.168.1.7', ranges)).toBe(true);
    expect(fromTrustedProxy('192.168.1.8', ranges)).toBe(false);
    expect(fromTrustedProxy('11.0.0.1', ranges)).toBe(false);
    expect(fromTrustedProxy('fd12::1', ranges)).toBe(true);
    expect(fromTrustedProxy('fe80::1', ranges)).toBe(false);
  });

  it('reads an IPv4 peer on a dual-stack socket as IPv4', () => {
    expect(fromTrustedProxy('::ffff:10.9.9.9', ranges)).toBe(true);
    expect(fromTrustedProxy('::ffff:11.9.9.9', ranges)).toBe(false);
  });

  it('trusts nobody by default, nor an address it cannot read', () => {
    expect(fromTrustedProxy('127.0.0.1', parseTrustedProxies('').ranges)).toBe(false);
    expect(fromTrustedProxy(undefined, ranges)).toBe(false);
    expect(fromTrustedProxy('not-an-address', ranges)).toBe(false);
  });

  it('names the first entry that is no address or range', () => {
    expect(parseTrustedProxies('10.0.0.0/8, proxy.example.com').invalid).toBe('proxy.example.com');
    expect(parseTrustedProxies('10.0.0.0/33').invalid).toBe('10.0.0.0/33');
  });
});
