import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshopPage, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/** A loopback TCP sink that counts connections: proof that nothing was fetched (checklist E1). */
async function startSink(): Promise<{ server: Server; port: number; connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port, connections: () => count };
}

describe('redirects (checklist E3)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://atelier.example',
        REDIRECT_ALLOWED_HOSTS: 'studio.atelier.example,learn.atelier.example',
        REDIRECT_PARTNERS:
          'studio=https://studio.atelier.example,competitions=https://compete.atelier.example/',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const redirect = (to: string) => t.app.inject({ url: `/api/ws/redirect?to=${encodeURIComponent(to)}` });

  it.each([
    ['/courses-and-workshops?x=1', '/courses-and-workshops?x=1'],
    ['/blog/design/x?id=3#top', '/blog/design/x?id=3#top'],
    ['https://studio.atelier.example/portfolio', 'https://studio.atelier.example/portfolio'],
    ['HTTPS://LEARN.ATELIER.EXAMPLE/a?b=c', 'https://learn.atelier.example/a?b=c'],
    ['https://atelier.example/blogs', 'https://atelier.example/blogs'],
  ])('when to=%s, then 302 to %s', async (to, location) => {
    const res = await redirect(to);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it.each([
    'https://evil.test',
    'https://evil.test/studio.atelier.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.test',
    '//evil.test/path',
    '/\\evil.test',
    '\\\\evil.test',
    '/\r\nLocation: https://evil.test',
    '/ok\tpath',
    ' https://studio.atelier.example',
    'https://studio.atelier.example@evil.test',
    'https://evil.test@studio.atelier.example',
    'https://user:pass@studio.atelier.example/',
    'https://studio.atelier.example.evil.test',
    'https://evilstudio.atelier.example.test',
    'https://studio.atelier.example./',
    'https://studio.atelier.example:8443/',
    'http://studio.atelier.example/',
    'ftp://studio.atelier.example/',
    'https:evil.test',
    'studio.atelier.example',
    'not a url',
    // Paths that normalise to a protocol-relative `//host` once dot segments are resolved.
    '/..//evil.test',
    '/.//evil.test',
    '/a/..//evil.test',
    '/%2e%2e//evil.test',
  ])('when to=%j, then 400 and no Location', async (to) => {
    const res = await redirect(to);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });

  it.each(['/..%2F%2Fevil.test', '/./%2Fevil.test', '/%2e%2e%2F%2Fevil.test'])(
    'when the query string itself carries %s (decoded to a `//host` path), then 400',
    async (raw) => {
      const res = await t.app.inject({ url: `/api/ws/redirect?to=${raw}` });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    },
  );

  it('when an encoded slash stays encoded in the path, then the answer is a same-site path', async () => {
    const res = await redirect('/..%2F%2Fevil.test');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/[^/\\]/);
  });

  it('when to is missing or extra parameters are sent, then 400', async () => {
    expect((await t.app.inject({ url: '/api/ws/redirect' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/ws/redirect?to=/a&next=/b' })).statusCode).toBe(400);
  });

  it('when a known partner is asked, then { url } on its own origin, with the path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/studio/redirect',
      payload: { path: '/apply?ref=atelier' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: 'OK',
      data: { url: 'https://studio.atelier.example/apply?ref=atelier' },
    });
    const bare = await t.app.inject({ method: 'POST', url: '/api/competitions/redirect' });
    expect(bare.json().data).toEqual({ url: 'https://compete.atelier.example/' });
  });

  it('when the partner is unknown, then 404 NOT_FOUND (checklist A13), also for inherited names', async () => {
    for (const partner of ['evil', 'constructor', 'tostring', 'ws']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/${partner}/redirect`, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
  });

  it('when the partner name is not a name, then 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/__proto__/redirect', payload: {} });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    [{ path: '//evil.test/x' }, 'path'],
    [{ path: 'https://evil.test' }, 'path'],
    [{ path: '/\\evil.test' }, 'path'],
    [{ path: 'javascript:alert(1)' }, 'path'],
    [{ path: '/ok', url: 'https://evil.test' }, 'url'],
    [{ path: '/..//evil.test' }, 'path'],
  ])('when the partner path is %j, then 400 naming %s', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/studio/redirect', payload });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });
});

describe('brochures (checklist E1: never fetched)', () => {
  let t: TestContext;
  let sink: Awaited<ReturnType<typeof startSink>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    sink = await startSink();
    t = await createTestApp({ env: { BROCHURE_ALLOWED_HOSTS: 'atelier.example,cdn.atelier.example' } });
    const db = t.database.db;
    const course = await createWorkshop(db, {
      type: 2,
      shortTitle: 'Revit Architecture',
      title: 'Revit Architecture: BIM Workflow',
    });
    await addWorkshopPage(db, course.id, {
      brochureUrl: '/brochures/revit-architecture.pdf',
      description: 'Model, document, coordinate.',
    });
    const absolute = await createWorkshop(db, { type: 2, shortTitle: 'Lighting' });
    await addWorkshopPage(db, absolute.id, {
      brochureUrl: 'https://cdn.atelier.example/brochures/lighting.pdf',
    });
    const none = await createWorkshop(db, { type: 1, shortTitle: 'No Brochure' });
    const draft = await createWorkshop(db, { type: 2, shortTitle: 'Draft', isPublished: false });
    await addWorkshopPage(db, draft.id, { brochureUrl: '/brochures/draft.pdf' });
    Object.assign(ids, { course: course.id, absolute: absolute.id, none: none.id, draft: draft.id });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => sink.server.close(resolve));
  });

  const brochure = (qs: string) => t.app.inject({ url: `/api/brochure/pdf?${qs}` });

  it('when asked by workshop id, then the stored brochure as an inline PDF with nosniff', async () => {
    const res = await brochure(`id=${ids.course}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="revit-architecture.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(res.rawPayload.toString('latin1')).toContain('Revit Architecture: BIM Workflow');
    expect(res.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const again = await brochure(`id=${ids.course}`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(
      (
        await t.app.inject({
          url: `/api/brochure/pdf?id=${ids.course}`,
          headers: { 'if-none-match': res.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
  });

  it('when asked by an allowed https address of a stored brochure, then that brochure', async () => {
    for (const url of [
      'https://atelier.example/brochures/revit-architecture.pdf',
      'https://CDN.atelier.example/brochures/revit-architecture.pdf?v=2',
    ]) {
      const res = await brochure(`url=${encodeURIComponent(url)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
    const absolute = await brochure(
      `url=${encodeURIComponent('https://cdn.atelier.example/brochures/lighting.pdf')}`,
    );
    expect(absolute.statusCode).toBe(200);
  });

  it('when the workshop or address has no stored brochure, then 404', async () => {
    for (const qs of [
      `id=${ids.none}`,
      `id=${ids.draft}`,
      'id=999999',
      `url=${encodeURIComponent('https://atelier.example/brochures/unknown.pdf')}`,
    ]) {
      const res = await brochure(qs);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it.each([
    ['sink', (port: number) => `http://127.0.0.1:${port}/brochures/x.pdf`],
    ['sink over https', (port: number) => `https://127.0.0.1:${port}/brochures/x.pdf`],
    ['postgres', () => 'http://127.0.0.1:5432'],
    ['metadata ip', () => 'http://169.254.169.254/latest/meta-data/'],
    ['metadata name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
    ['ipv6 loopback', () => 'http://[::1]/brochures/x.pdf'],
    ['ipv4-mapped ipv6', () => 'http://[::ffff:10.0.0.1]/brochures/x.pdf'],
    ['decimal ip', () => 'http://2130706433/brochures/x.pdf'],
    ['hex ip', () => 'http://0x7f.1/brochures/x.pdf'],
    ['file', () => 'file:///etc/passwd'],
    ['gopher', () => 'gopher://127.0.0.1:25/_HELO'],
    ['userinfo', () => 'https://atelier.example@evil.test/brochures/x.pdf'],
    ['userinfo on allowed', () => 'https://evil.test@atelier.example/brochures/revit-architecture.pdf'],
    ['suffix', () => 'https://atelier.example.evil.test/brochures/revit-architecture.pdf'],
    ['trailing dot', () => 'https://atelier.example./brochures/revit-architecture.pdf'],
    ['port', () => 'https://atelier.example:8443/brochures/revit-architecture.pdf'],
    ['plain http', () => 'http://atelier.example/brochures/revit-architecture.pdf'],
    ['other path', () => 'https://atelier.example/etc/passwd'],
    ['traversal', () => 'https://atelier.example/brochures/../secrets.pdf'],
    ['encoded traversal', () => 'https://atelier.example/brochures/%2e%2e%2fsecrets.pdf'],
    ['dns to private ip', () => 'https://internal.atelier-rebind.test/brochures/x.pdf'],
    ['relative', () => '/brochures/revit-architecture.pdf'],
    ['backslash', () => 'https://atelier.example\\@evil.test/brochures/x.pdf'],
  ])('when url is %s, then 400 and no connection is made', async (_name, build) => {
    const before = sink.connections();
    const res = await brochure(`url=${encodeURIComponent(build(sink.port))}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(res.json().errors[0].path).toBe('url');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sink.connections()).toBe(before);
  });

  it('when the sink is addressed by every form above, then it never saw a connection', () => {
    expect(sink.connections()).toBe(0);
  });

  it('when both or neither of id and url are given, or another field, then 400', async () => {
    expect((await brochure('')).statusCode).toBe(400);
    expect(
      (
        await brochure(
          `id=${ids.course}&url=${encodeURIComponent('https://atelier.example/brochures/revit-architecture.pdf')}`,
        )
      ).statusCode,
    ).toBe(400);
    expect((await brochure(`id=${ids.course}&path=/etc/passwd`)).statusCode).toBe(400);
    expect((await brochure('id=abc')).statusCode).toBe(400);
  });
});
