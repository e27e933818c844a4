import { describe, expect, it } from 'vitest';
import { checkBeforeServing } from './start-checks';

const OIDC = {
  SLUICE_AUTH: 'oidc',
  SLUICE_OIDC_ISSUER: 'https://id.example.com/realms/acme',
  SLUICE_OIDC_CLIENT_ID: 'sluice',
  SLUICE_OIDC_CLIENT_SECRET: 'secret',
  SLUICE_PUBLIC_URL: 'https://sluice.example.com',
};

describe('sign-in, checked as the server starts', () => {
  it('refuses to start with half the OIDC settings, naming what is missing', async () => {
    await expect(checkBeforeServing({ SLUICE_AUTH: 'oidc', SLUICE_OIDC_ISSUER: OIDC.SLUICE_OIDC_ISSUER })).rejects.toThrow(
      /sign-in is not set up\.\nSLUICE_AUTH=oidc needs SLUICE_OIDC_CLIENT_ID, SLUICE_OIDC_CLIENT_SECRET, SLUICE_PUBLIC_URL/,
    );
  });

  it('refuses a public URL at a name the Host check would refuse', async () => {
    await expect(checkBeforeServing(OIDC)).rejects.toThrow(
      'SLUICE_PUBLIC_URL is at sluice.example.com, a name this server does not answer to: add it to SLUICE_ALLOWED_HOSTS.',
    );
  });
});
