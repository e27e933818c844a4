import { describe, expect, it } from 'vitest';
import { checkEnvironment } from '../environment';
import { authSettings } from './auth-settings';

const settings = (env: Record<string, string>) => authSettings(checkEnvironment(env));

describe('SLUICE_AUTH and its companions', () => {
  it('is none by default', () => {
    expect(settings({})).toEqual({ mode: 'none' });
  });

  it('takes a signed assertion in proxy mode, header names lowercased', () => {
    expect(
      settings({
        SLUICE_AUTH: 'proxy',
        SLUICE_AUTH_JWT_HEADER: 'Cf-Access-Jwt-Assertion',
        SLUICE_AUTH_JWKS_URL: 'https://team.cloudflareaccess.com/cdn-cgi/access/certs',
        SLUICE_AUTH_ISSUER: 'https://team.cloudflareaccess.com',
        SLUICE_AUTH_AUDIENCE: 'aud-tag',
      }),
    ).toMatchObject({ mode: 'proxy', assertion: { header: 'cf-access-jwt-assertion', audience: 'aud-tag' } });
  });

  it('names what half an assertion lacks, rather than falling back to headers', () => {
    expect(() =>
      settings({ SLUICE_AUTH: 'proxy', SLUICE_AUTH_JWT_HEADER: 'Authorization', SLUICE_AUTH_USER_HEADER: 'X-Forwarded-User' }),
    ).toThrow(/needs SLUICE_AUTH_JWKS_URL, SLUICE_AUTH_ISSUER, SLUICE_AUTH_AUDIENCE too/);
  });

  it('takes plain headers only with trusted proxies', () => {
    expect(() => settings({ SLUICE_AUTH: 'proxy', SLUICE_AUTH_USER_HEADER: 'X-Forwarded-User' })).toThrow(
      /SLUICE_TRUSTED_PROXIES/,
    );
    expect(
      settings({ SLUICE_AUTH: 'proxy', SLUICE_AUTH_USER_HEADER: 'X-Forwarded-User', SLUICE_TRUSTED_PROXIES: '10.0.0.0/8' }),
    ).toMatchObject({ mode: 'proxy', headers: { userHeader: 'x-forwarded-user' } });
    expect(() => settings({ SLUICE_AUTH: 'proxy' })).toThrow(/signed assertion/);
  });

  it('names a value it cannot use', () => {
    expect(() => settings({ SLUICE_AUTH: 'ldap' })).toThrow(/SLUICE_AUTH must be one of none, proxy, oidc/);
    expect(() => settings({ SLUICE_TRUSTED_PROXIES: 'proxy.local' })).toThrow(/"proxy.local" among them/);
    expect(() => settings({ SLUICE_ADMIN_EMAILS: 'ada' })).toThrow(/SLUICE_ADMIN_EMAILS must be email addresses/);
  });
});
