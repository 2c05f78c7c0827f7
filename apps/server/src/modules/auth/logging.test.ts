import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { createTestDatabase, testConfig } from '../../test/test-app.js';
import { issueOrderLoginToken } from './auth.service.js';
import { orders } from '../../db/schema/index.js';
import { bearer, latestCode, uniqueContact, waitForDelivery } from './testing.js';

/**
 * Checklist B9, I5: with the real (pino) logger on, a sign-in journey leaves no password, code or
 * token in the log, and the security events are there as structured lines.
 */
describe('auth: logs', () => {
  let app: FastifyInstance;
  let database: Database;
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    if (typeof chunk === 'string') written.push(chunk);
    else if (Buffer.isBuffer(chunk) || chunk instanceof Uint8Array)
      written.push(Buffer.from(chunk).toString('utf8'));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), database, logger: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('when a person registers, signs in by password and by code, then no password, code or token appears in the log', async () => {
    const write = vi
      .spyOn(fs, 'write')
      .mockImplementation((fd: number, chunk: unknown, ...rest: unknown[]) => {
        capture(chunk);
        const callback = rest.find((r) => typeof r === 'function') as
          ((e: null, n: number) => void) | undefined;
        const length = typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length;
        callback?.(null, length);
      });
    const writeSync = vi.spyOn(fs, 'writeSync').mockImplementation((_fd: number, chunk: unknown) => {
      capture(chunk);
      return typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length;
    });
    try {
      const password = 'secret garden pavilion 9';
      const contact = uniqueContact();
      const registered = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Log Test', ...contact, password },
      });
      expect(registered.statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: contact.email, password },
      });
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: contact.email, password: `${password}x` },
      });
      await app.inject({
        method: 'POST',
        url: '/api/auth/send/otp',
        payload: { email: contact.email, purpose: 'login' },
      });
      const code = (await latestCode(database.db, contact.email))!;
      await waitForDelivery(database.db, contact.email); // the delivery logs its line too
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email: contact.email, otp: code, purpose: 'login' },
      });
      const token = verified.json().data.token as string;
      await app.inject({ method: 'GET', url: '/api/user/v2/details', headers: bearer(token) });
      const [order] = await database.db
        .insert(orders)
        .values({
          userId: registered.json().data.user.id,
          kind: 'custom',
          amountMinor: 100,
          provider: 'sandbox',
        })
        .returning();
      const orderToken = await issueOrderLoginToken(database.db, order!.id, new Date());
      await app.inject({ method: 'GET', url: `/api/auth/guest/${order!.id}/info?token=${orderToken}` });
      await new Promise((resolve) => setTimeout(resolve, 50));

      const log = written.join('');
      expect(log).toContain('"securityEvent"');
      expect(log).toContain('login_succeeded');
      expect(log).toContain('login_failed');
      expect(log).toContain('message delivered (local transport)');
      expect(log).toContain('token=[redacted]');
      for (const secret of [
        password,
        `${password}x`,
        code,
        token,
        login.json().data.token,
        registered.json().data.token,
        orderToken,
      ]) {
        expect(log).not.toContain(secret);
      }
      expect(wrong.statusCode).toBe(401);
    } finally {
      write.mockRestore();
      writeSync.mockRestore();
    }
  });
});
