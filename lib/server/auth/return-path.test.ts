import { describe, expect, it } from 'vitest';
import { returnPath, signInPageFor } from './return-path';

describe('returnPath', () => {
  it('keeps a path on this Sluice, with its query', () => {
    expect(returnPath('/shares')).toBe('/shares');
    expect(returnPath('/c/0190a000-0000-7000-8000-000000000000')).toBe('/c/0190a000-0000-7000-8000-000000000000');
    expect(returnPath('/diff?a=1&b=2')).toBe('/diff?a=1&b=2');
  });

  it('refuses anything that leaves this Sluice or loops back into the sign-in', () => {
    for (const bad of [
      undefined,
      null,
      '',
      'shares',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/ /evil.example',
      'javascript:alert(1)',
      '/sign-in',
      '/api/auth/sign-in',
      '/api/auth/callback?code=x',
      `/${'a'.repeat(2001)}`,
    ])
      expect(returnPath(bad), String(bad)).toBeUndefined();
  });
});

describe('signInPageFor', () => {
  it('names the way back, or none for the home page', () => {
    expect(signInPageFor('/diff?a=1&b=2')).toBe('/sign-in?next=%2Fdiff%3Fa%3D1%26b%3D2');
    expect(signInPageFor('/')).toBe('/sign-in');
    expect(signInPageFor(undefined)).toBe('/sign-in');
    expect(signInPageFor('//evil.example')).toBe('/sign-in');
  });
});
