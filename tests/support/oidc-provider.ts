import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider on loopback (oidc-provider, the certified implementation), as
 * Sluice's `oidc` mode meets Keycloak or Google: discovery, a login page (its development
 * interactions: any login and password; the login is the user's `sub`), PKCE required,
 * signed ID tokens. One client is registered, sending users back to `redirectUri`.
 * Users whose login starts with `eve` have no role; every other has `sluice`.
 */
export interface RunningProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
}

export const PROVIDER_CLIENT = { clientId: 'sluice-test', clientSecret: 'a-test-secret-of-some-length' };

export async function startOidcProvider(redirectUri: string): Promise<RunningProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: PROVIDER_CLIENT.clientId,
        client_secret: PROVIDER_CLIENT.clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    // The scopes' claims go into the ID token, where Sluice reads them (as Keycloak's mappers put them).
    conformIdTokenClaims: false,
    claims: { openid: ['sub', 'realm_access'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: `${sub}@example.com`,
        email_verified: true,
        name: `Test ${sub}`,
        realm_access: { roles: sub.startsWith('eve') ? ['viewer'] : ['viewer', 'sluice'] },
      }),
    }),
    // A first-party client: no consent screen, the login page only.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { session, client } = ctx.oidc;
      const existing = session?.grantIdFor(client!.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client!.clientId, accountId: session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['a-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    ...PROVIDER_CLIENT,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
