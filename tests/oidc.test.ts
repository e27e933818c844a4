import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startNextServer, type RunningServer } from './support/next-server';
import { startOidcProvider, type RunningProvider } from './support/oidc-provider';

/**
 * Sluice's own sign-in (SLUICE_AUTH=oidc), end to end over real HTTP: a real OpenID
 * provider on loopback (oidc-provider), a real `next start`, and a browser's part
 * played here (its cookies kept per site, the provider's login form posted).
 */

type Jar = Map<string, string>;

/** What a browser keeps of a response's Set-Cookie headers (a cleared cookie goes). */
function remember(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const at = pair.indexOf('=');
    const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    if (!value || /max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookies = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

async function get(url: string | URL, jar: Jar, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init, headers: { cookie: cookies(jar), ...init.headers } });
  remember(jar, response);
  return response;
}

let provider: RunningProvider;
let sluice: RunningServer;
let port: number;
let origin: string;
let env: Record<string, string>;

beforeAll(async () => {
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(`${origin}/api/auth/callback`);
  env = {
    SLUICE_CONFIG: '',
    SLUICE_AUTH: 'oidc',
    SLUICE_OIDC_ISSUER: provider.issuer,
    SLUICE_OIDC_CLIENT_ID: provider.clientId,
    SLUICE_OIDC_CLIENT_SECRET: provider.clientSecret,
    SLUICE_PUBLIC_URL: origin,
    SLUICE_OIDC_ROLE_CLAIM: 'realm_access.roles',
    SLUICE_OIDC_REQUIRED_ROLE: 'sluice',
  };
  sluice = await startNextServer(env, { port });
});
afterAll(async () => {
  await sluice?.stop();
  await provider?.stop();
  if (sluice) rmSync(sluice.dataDir, { recursive: true, force: true });
});

/**
 * A sign-in up to the provider's redirect back to Sluice: Sluice's address for the
 * provider (checked for PKCE, state and nonce), the login page filled in as `login`,
 * and the callback URL the provider sends the browser to (not yet followed).
 */
async function throughProvider(
  login: string,
  startAt = '/api/auth/sign-in',
): Promise<{ authorize: URL; callback: URL; jar: Jar }> {
  const jar: Jar = new Map();
  const atProvider: Jar = new Map();
  const start = await get(`${origin}${startAt}`, jar);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  let url = authorize;
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin === origin) return { authorize, callback: url, jar };
    const response = await get(url, atProvider);
    if (response.status === 200) {
      // The provider's login page: its form posted as a person would.
      const action = /<form[^>]*action="([^"]+)"/.exec(await response.text())?.[1];
      expect(action, 'the login form').toBeDefined();
      const posted = await get(new URL(action!, url), atProvider, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
      url = new URL(posted.headers.get('location')!, url);
    } else {
      expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(300);
      url = new URL(response.headers.get('location')!, url);
    }
  }
  throw new Error('the provider never sent the browser back');
}

/** A whole sign-in as `login`: Sluice's answer at the callback, and the cookies it left. */
async function signIn(login: string, tamper: (callback: URL) => void = () => {}) {
  const { callback, jar, authorize } = await throughProvider(login);
  tamper(callback);
  const answer = await get(callback, jar);
  return { answer, jar, authorize, session: jar.get('sluice_session') };
}

const conversations = (jar: Jar) => get(`${origin}/api/conversations`, jar);

describe('signing in through the provider', () => {
  it('runs the code flow with PKCE, state and nonce, and the session cookie opens the API', async () => {
    const { answer, jar, authorize } = await signIn('ada');
    // Sluice asked for the code flow with PKCE S256, a state and a nonce.
    expect(authorize.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${origin}/api/auth/callback`,
      code_challenge_method: 'S256',
    });
    for (const name of ['code_challenge', 'state', 'nonce']) expect(authorize.searchParams.get(name)).toMatch(/^[\w-]{22,}$/);

    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('sluice_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // served over plain HTTP here
    expect(jar.get('sluice_session')).toMatch(/^[\w-]{43}$/); // 256 random bits
    expect(jar.has('sluice_sign_in')).toBe(false); // the flow's cookie is cleared

    expect((await conversations(jar)).status).toBe(200);
    const without = await conversations(new Map());
    expect(without.status).toBe(401);
    expect((await without.json()).error.type).toBe('sign_in_required');
    expect((await conversations(new Map([['sluice_session', 'a'.repeat(43)]]))).status).toBe(401);
  });

  it('shows pages only to the signed-in, and who they are with the way out', async () => {
    const { jar } = await signIn('grace');
    const page = await get(`${origin}/`, jar);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Test grace');
    expect(html).toContain('Sign out');

    const stranger = await get(`${origin}/`, new Map());
    expect(stranger.status).toBe(307);
    expect(stranger.headers.get('location')).toBe('/sign-in');
    const signInPage = await get(`${origin}/sign-in`, new Map());
    expect(signInPage.status).toBe(200);
    const signInHtml = await signInPage.text();
    expect(signInHtml).toContain('<a href="/api/auth/sign-in"');
    expect(signInHtml).not.toContain('Sign out');
    // Signed in, the sign-in page moves on to the app.
    expect((await get(`${origin}/sign-in`, jar)).headers.get('location')).toBe('/');
  });

  it('comes back to the page asked for, and only to a page of its own', async () => {
    // A signed-out visitor's page names itself to the sign-in page, whose link carries it on.
    const asked = await get(`${origin}/diff?a=x&b=y`, new Map());
    expect(asked.status).toBe(307);
    expect(asked.headers.get('location')).toBe('/sign-in?next=%2Fdiff%3Fa%3Dx%26b%3Dy');
    const signInHtml = await (await get(`${origin}${asked.headers.get('location')}`, new Map())).text();
    expect(signInHtml).toContain('href="/api/auth/sign-in?next=%2Fdiff%3Fa%3Dx%26b%3Dy"');

    const { callback, jar } = await throughProvider('ada', '/api/auth/sign-in?next=%2Fdiff%3Fa%3Dx%26b%3Dy');
    const back = await get(callback, jar);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/diff?a=x&b=y');
    // Signed in, the sign-in page moves on to the page it names.
    expect((await get(`${origin}/sign-in?next=%2Fshares`, jar)).headers.get('location')).toBe('/shares');

    // Another site is never a way back: the app's home instead.
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const away = await throughProvider('ada', `/api/auth/sign-in?next=${encodeURIComponent(next)}`);
      expect((await get(away.callback, away.jar)).headers.get('location'), next).toBe('/');
      expect((await get(`${origin}/sign-in?next=${encodeURIComponent(next)}`, away.jar)).headers.get('location')).toBe('/');
    }
  });

  it('refuses a callback whose state was tampered with, or that this browser did not start', async () => {
    const tampered = await signIn('ada', (callback) => callback.searchParams.set('state', 'forged-state-value'));
    expect(tampered.answer.status).toBe(400);
    expect(await tampered.answer.text()).toMatch(/state/);
    expect(tampered.session).toBeUndefined();

    const { callback } = await throughProvider('ada');
    const elsewhere = await get(callback, new Map()); // another browser: no flow cookie
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('not started in this browser');
    expect(elsewhere.headers.getSetCookie().some((line) => line.startsWith('sluice_session='))).toBe(false);
  });

  it('refuses an answer from another issuer', async () => {
    const wrong = await signIn('ada', (callback) => callback.searchParams.set('iss', 'http://127.0.0.1:1/evil'));
    expect(wrong.answer.status).toBe(400);
    expect(await wrong.answer.text()).toMatch(/iss/);
    expect(wrong.session).toBeUndefined();
  });

  it('refuses a user without the required role, saying which', async () => {
    const { answer, session } = await signIn('eve');
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('does not have the role “sluice”');
    expect(session).toBeUndefined();
  });

  it('ends the session at sign-out, which only Sluice’s own pages may ask for', async () => {
    const { jar } = await signIn('ada');
    const foreign = await get(`${origin}/api/auth/sign-out`, jar, { method: 'POST', headers: { origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await conversations(jar)).status).toBe(200);

    const token = jar.get('sluice_session')!;
    const out = await get(`${origin}/api/auth/sign-out`, jar, { method: 'POST', headers: { origin } });
    expect(out.status).toBe(204);
    expect(jar.has('sluice_session')).toBe(false); // the cookie is cleared
    // The session itself is gone, not just the browser's copy of it.
    expect((await conversations(new Map([['sluice_session', token]]))).status).toBe(401);
  });

  it('ends an expired session, and keeps a live one across a restart', async () => {
    const expiring = (await signIn('ada')).session!;
    const live = (await signIn('ada')).session!;
    await sluice.stop();
    // The session row's expiry passed, in the database itself (the embedded one, now closed).
    const db = new PGlite(sluice.dataDir);
    const id = createHash('sha256').update(expiring).digest('base64url');
    const { affectedRows } = await db.query(`update sessions set expires_at = now() - interval '1 minute' where id = $1`, [id]);
    await db.close();
    expect(affectedRows).toBe(1);
    sluice = await startNextServer({ ...env, SLUICE_DATA_DIR: sluice.dataDir }, { port });

    expect((await conversations(new Map([['sluice_session', expiring]]))).status).toBe(401);
    expect((await conversations(new Map([['sluice_session', live]]))).status).toBe(200);
  });
});
