import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { createWorkshop } from '../test/factories.js';

/**
 * Malformed input from outside gets a 4xx in the envelope, never a 500 or a framework body
 * (checklist C6, E6; DESIGN.md API conventions).
 */
describe('input hardening', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    // Ids 1…16 exist, so a coerced `0x10` or ` 1` would find a workshop instead of failing.
    for (let i = 0; i < 16; i++)
      await createWorkshop(t.database.db, { type: 2, shortTitle: `Course ${i + 1}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/blogs/%E0', '/api/workshop/%E0/details', '/api/trip/%E0/details'])(
    'when the path %s has a malformed %%-escape, then 400 in the envelope with a request id and the address not echoed',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json();
      expect(body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        requestId: res.headers['x-request-id'],
      });
      expect(body.message).not.toContain('%E0');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('when a page address has a malformed %-escape, then a 400 HTML page', async () => {
    const res = await t.app.inject({ url: '/blog/x/%E0' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('That address is not valid');
  });

  it('when a path parameter is longer than any id, then 414 in the envelope', async () => {
    const res = await t.app.inject({ url: `/api/blogs/${'9'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: 414, error: 'VALIDATION_FAILED' });
  });

  it.each(['0x10', '%201', '1e1', '1.0', '+1', '-1', '0', '99999999999999999999'])(
    'when a path id is %s, then 400 (digits only, no coercion)',
    async (id) => {
      const res = await t.app.inject({ url: `/api/workshop/${id}/details` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    },
  );

  it('when a path id is plain digits, then it is read as that id', async () => {
    expect((await t.app.inject({ url: '/api/workshop/16/details' })).statusCode).toBe(200);
  });

  it.each([[true], [[5]], ['0x5'], [' 7'], ['1e0'], [null]])(
    'when a body id is %j, then 400 naming the field (no type confusion)',
    async (value) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/course/case-studies',
        payload: { workshopIds: [value] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toMatch(/^workshopIds/);
    },
  );

  it.each([[[1]], [true], ['0x1']])('when the testimonial workshopId is %j, then 400', async (workshopId) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/video/testimonial/details',
      payload: { workshopId },
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    '/api/blogs/all?query=%00',
    '/api/masterclasses-and-courses?query=a%00b',
    '/api/blogs/all?query=%1B',
  ])('when search text %s carries a control character, then 400 (not a database error)', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    // A NUL is refused for every field before validation (hostile-text.ts); other control
    // characters by the search schema.
    expect(res.json().errors[0]).toMatchObject({
      path: 'query',
      message: url.includes('%00')
        ? 'must not contain NUL characters or unpaired surrogates'
        : 'must not contain control characters',
    });
  });
});
