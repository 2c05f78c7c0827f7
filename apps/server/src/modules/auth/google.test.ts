import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { hashPassword } from './password.js';
import { insertUser } from './testing.js';

const START = new Date('2026-06-01T10:00:00.000Z');
const NOW_S = Math.floor(START.getTime() / 1000);
const CLIENT_ID = 'localhost-client.apps.googleusercontent.com';
const DEV_HOST_CLIENT_ID = 'devhost-client.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';
const KID = 'test-key-1';

/**
 * Checklist B13–B15: Google ID tokens verified offline against a JWKS served from 127.0.0.1,
 * signed with a key made here.
 */
describe('auth: Google sign-in', () => {
  let t: TestContext;
  let server: Server;
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  let publicPem: string;
  let fetches = 0;
  let ipCounter = 0;

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  const claims = (overrides: JWTPayload = {}): JWTPayload => ({
    iss: ISSUER,
    aud: CLIENT_ID,
    sub: `1098765${Math.floor(Math.random() * 1e9)}`,
    email: `g${Math.floor(Math.random() * 1e9)}@gmail.com`,
    email_verified: true,
    name: 'Google Person',
    iat: NOW_S - 10,
    exp: NOW_S + 3600,
    ...overrides,
  });

  const sign = async (payload: JWTPayload, opts: { key?: CryptoKey; kid?: string } = {}) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? KID, typ: 'JWT' })
      .sign(opts.key ?? privateKey);

  const login = (credential: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      payload: { credential },
      remoteAddress: `10.4.0.${(++ipCounter % 250) + 1}`,
    });

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    publicPem = await exportSPKI(pair.publicKey);
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
    server = createServer((_req, res) => {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      now: START,
      env: { GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`, GOOGLE_CLIENT_IDS: CLIENT_ID },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('when a valid ID token is posted, then 200 creates the account keyed by sub; the same sub later signs into it even with another email', async () => {
    const payload = claims();
    const res = await login(await sign(payload));
    expect(res.statusCode).toBe(200);
    const { token, user, isNewUser } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isNewUser).toBe(true);
    expect(user).toMatchObject({ email: payload.email, name: 'Google Person', isVerified: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBe(payload.sub);

    const again = await login(await sign(claims({ sub: payload.sub, email: 'renamed@gmail.com' })));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ isNewUser: false, user: { id: user.id } });
  });

  describe('when the token is not a valid Google ID token for us, then 401', () => {
    const rejected = async (credential: string) => {
      const res = await login(credential);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('UNAUTHORIZED');
    };

    it('tampered payload', async () => {
      const payload = claims();
      const [header, , signature] = (await sign(payload)).split('.');
      await rejected(`${header}.${b64({ ...payload, email: 'admin@gmail.com' })}.${signature}`);
    });

    it('signed with another key under our kid', async () => {
      await rejected(await sign(claims(), { key: otherKey }));
    });

    it('signed with another key under an unknown kid', async () => {
      await rejected(await sign(claims(), { key: otherKey, kid: 'rotated-away' }));
    });

    it('alg none', async () => {
      await rejected(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`);
    });

    it('HS256 signed with the public key as the secret', async () => {
      const token = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256', kid: KID })
        .sign(new TextEncoder().encode(publicPem));
      await rejected(token);
    });

    it('audience of the development host (another deployment), or no audience of ours', async () => {
      await rejected(await sign(claims({ aud: DEV_HOST_CLIENT_ID })));
      await rejected(await sign(claims({ aud: ['someone-else.apps.googleusercontent.com'] })));
    });

    it('wrong issuer', async () => {
      await rejected(await sign(claims({ iss: 'https://evil.example' })));
    });

    it('expired', async () => {
      await rejected(await sign(claims({ iat: NOW_S - 7200, exp: NOW_S - 60 })));
    });

    it('not valid yet (future nbf)', async () => {
      await rejected(await sign(claims({ nbf: NOW_S + 600 })));
    });

    it('an opaque access token', async () => {
      await rejected('ya29.a0AfB_byC7xQ2nZr5Kq1vYpLmT0sUe9wHdJ3gF8aXcVbN6tRyMiOkPlQzWuE4rS');
    });
  });

  it('when the email is not verified and matches an existing password account, then 409 "link requires login" and nothing is linked', async () => {
    const existing = await insertUser(t.database.db, {
      email: `victim${Date.now()}@gmail.com`,
      passwordHash: await hashPassword('victim secret 123'),
    });
    const res = await login(await sign(claims({ email: existing.email!, email_verified: false })));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('link requires login');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.googleSub).toBeNull();
  });

  it('when a verified address on a domain Google is not authoritative for matches an account, then 409; with the Workspace hd claim it links', async () => {
    const existing = await insertUser(t.database.db, { email: `someone${Date.now()}@studio.example` });
    const noHd = await login(await sign(claims({ email: existing.email! })));
    expect(noHd.statusCode).toBe(409);
    const withHd = await login(await sign(claims({ email: existing.email!, hd: 'studio.example' })));
    expect(withHd.statusCode).toBe(200);
    expect(withHd.json().data).toMatchObject({ isNewUser: false, user: { id: existing.id } });
  });

  it('when a verified Gmail address matches an account, then it is linked and signed in', async () => {
    const existing = await insertUser(t.database.db, { email: `linkme${Date.now()}@gmail.com` });
    const payload = claims({ email: existing.email! });
    const res = await login(await sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isNewUser: false, user: { id: existing.id } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.googleSub).toBe(payload.sub);
  });

  it('when the email is not verified and no account has it, then 401 and no account is created', async () => {
    const email = `unverified${Date.now()}@gmail.com`;
    const res = await login(await sign(claims({ email, email_verified: false })));
    expect(res.statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('when many tokens with unknown key ids arrive, then the key set is fetched at most once more (cooldown)', async () => {
    await login(await sign(claims()));
    const before = fetches;
    for (let i = 0; i < 10; i++) await login(await sign(claims(), { key: otherKey, kid: `random-${i}` }));
    expect(fetches - before).toBeLessThanOrEqual(1);
  });

  it('when no client id is configured, then Google sign-in answers 503', async () => {
    const off = await createTestApp({ now: START });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/google/login',
        payload: { credential: await sign(claims()) },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
