import { describe, expect, it } from 'vitest';
import { cookieJar, readCookie, setCookie } from './cookies';

describe("the sign-in's cookies", () => {
  it('are HttpOnly and SameSite=Lax; Secure and __Host- only over HTTPS', () => {
    const plain = cookieJar('http://127.0.0.1:3000');
    expect(setCookie(plain, plain.session, 'abc', 60)).toBe('sluice_session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax');
    const secure = cookieJar('https://sluice.example.com');
    expect(secure.session).toBe('__Host-sluice_session');
    expect(setCookie(secure, secure.flow, '', 0)).toBe(
      '__Host-sluice_sign_in=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('are read by exact name, among others', () => {
    const headers = new Headers({ cookie: 'a=1; xsluice_session=forged; sluice_session=tok=en; theme=dark' });
    expect(readCookie(headers, 'sluice_session')).toBe('tok=en');
    expect(readCookie(headers, 'missing')).toBeUndefined();
    expect(readCookie(new Headers({ cookie: 'sluice_session=' }), 'sluice_session')).toBeUndefined();
    expect(readCookie(new Headers(), 'sluice_session')).toBeUndefined();
  });
});
