import { describe, expect, it } from 'vitest';
import { checkEnvironment } from '@/lib/server/platform/environment';
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

  it('takes the OIDC client, and names each variable oidc mode lacks', () => {
    const oidc = {
      SLUICE_AUTH: 'oidc',
      SLUICE_OIDC_ISSUER: 'https://tenant.auth0.com/',
      SLUICE_OIDC_CLIENT_ID: 'sluice',
      SLUICE_OIDC_CLIENT_SECRET: 's3cret',
      SLUICE_PUBLIC_URL: 'https://sluice.example.com/',
    };
    // The issuer exactly as written (Auth0's ends in a slash); the public URL as an origin.
    expect(settings(oidc)).toEqual({
      mode: 'oidc',
      oidc: {
        issuer: 'https://tenant.auth0.com/',
        clientId: 'sluice',
        clientSecret: 's3cret',
        publicUrl: 'https://sluice.example.com',
      },
    });
    expect(() => settings({ SLUICE_AUTH: 'oidc', SLUICE_OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      'SLUICE_AUTH=oidc needs SLUICE_OIDC_CLIENT_ID, SLUICE_OIDC_CLIENT_SECRET, SLUICE_PUBLIC_URL',
    );
    expect(
      settings({ ...oidc, SLUICE_OIDC_ROLE_CLAIM: 'realm_access.roles', SLUICE_OIDC_REQUIRED_ROLE: 'sluice' }),
    ).toMatchObject({
      oidc: { role: { claim: 'realm_access.roles', required: 'sluice' } },
    });
    expect(() => settings({ ...oidc, SLUICE_OIDC_REQUIRED_ROLE: 'sluice' })).toThrow(
      'SLUICE_OIDC_REQUIRED_ROLE is set without SLUICE_OIDC_ROLE_CLAIM',
    );
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    expect(() => checkEnvironment({ SLUICE_OIDC_ISSUER: 'ftp://id.example.com' })).toThrow(/SLUICE_OIDC_ISSUER must be an http/);
  });

  it('names a value it cannot use', () => {
    expect(() => settings({ SLUICE_AUTH: 'ldap' })).toThrow(/SLUICE_AUTH must be one of none, proxy, oidc/);
    expect(() => settings({ SLUICE_TRUSTED_PROXIES: 'proxy.local' })).toThrow(/"proxy.local" among them/);
    expect(() => settings({ SLUICE_ADMIN_EMAILS: 'ada' })).toThrow(/SLUICE_ADMIN_EMAILS must be email addresses/);
  });
});
