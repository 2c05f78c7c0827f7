import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.js';
import { createFileStorage } from '../../../integrations/storage/create-file-storage.js';
import { multipart } from '../../../test/multipart.js';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../../auth/testing.js';

/*
 * The console's resource library (issue 17 point 2) through the real app with an S3-compatible
 * bucket (s3rver): a PDF uploaded through the console lands in the bucket and is what the public
 * PDF route serves; a public file shows on the public resources list at once; folders nest but
 * never inside themselves; non-PDFs and bad bodies are refused; every write is audited.
 */

const NOW = new Date('2026-11-20T10:00:00Z');
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('Atelier plan sheet '.repeat(50)),
  Buffer.from('\n%%EOF\n'),
]);

const fileBody = (over: Record<string, unknown> = {}) => ({
  folderId: null,
  name: 'Plan sheet',
  description: 'A sample plan',
  kind: 'pdf',
  path: null,
  url: null,
  thumbnail: null,
  isPremium: false,
  isPublic: true,
  ...over,
});

describe('staff console: resource library (issue 17 point 2)', () => {
  let s3: LocalS3;
  let t: TestContext;
  let admin: Record<string, string>;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: admin,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const upload = (data: Buffer, filename = 'plan.pdf', headers = admin) => {
    const body = multipart([{ name: 'file', filename, contentType: 'application/pdf', data }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/resource-files/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const actions = async (entity: string, id: number) =>
    (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    ).map((r) => r.action);

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off', ...s3.env } });
    const user = await insertUser(t.database.db, { role: 'admin', name: 'Library Admin' });
    admin = bearer((await insertSession(t.database.db, user.id, NOW)).token);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('when a PDF is uploaded and added as a public file, then the public list shows it at once and its PDF is the uploaded bytes from the bucket', async () => {
    const publicNames = async () =>
      ((await t.app.inject('/api/user/resource/outer/files')).json().data as { name: string }[]).map(
        (f) => f.name,
      );
    expect(await publicNames()).toEqual([]);

    const uploaded = await upload(PDF, 'Plan Sheet.pdf');
    expect(uploaded.statusCode).toBe(200);
    const { path, sizeBytes, fileName } = uploaded.json().data;
    expect(path).toMatch(/^resources\/[a-f0-9]{32}\.pdf$/);
    expect({ sizeBytes, fileName }).toEqual({ sizeBytes: PDF.length, fileName: 'Plan Sheet.pdf' });
    expect(t.config.s3?.bucket).toBe(s3.bucket);

    const created = await send('POST', '/api/admin/resource-files', fileBody({ path }));
    expect(created.statusCode).toBe(200);
    const file = created.json().data;
    expect(file).toMatchObject({ path, sizeBytes: PDF.length, kind: 'pdf' });
    expect(await publicNames()).toEqual(['Plan sheet']);
    const pdf = await t.app.inject(`/api/resource/pdf/${file.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    expect(await actions('resource_file', file.id)).toEqual(['resource_file.create']);

    // Made premium: gone from the public list at once.
    await send('PUT', `/api/admin/resource-files/${file.id}`, fileBody({ path, isPremium: true }));
    expect(await publicNames()).toEqual([]);
  });

  it('when the upload is not a PDF, a path was never uploaded, or both a PDF and a link are given, then 400; a non-admin upload → 404', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.pdf');
    expect(html.statusCode).toBe(400);
    expect(html.json().errors).toEqual([{ path: 'file', message: 'must be a PDF of at most 20 MB' }]);
    const ghost = await send(
      'POST',
      '/api/admin/resource-files',
      fileBody({ path: 'resources/0123456789abcdef0123456789abcdef.pdf' }),
    );
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().errors).toEqual([{ path: 'path', message: 'must be the path of an uploaded PDF' }]);
    const both = await send(
      'POST',
      '/api/admin/resource-files',
      fileBody({ path: 'resources/0123456789abcdef0123456789abcdef.pdf', url: 'https://example.com/a.pdf' }),
    );
    expect(both.statusCode).toBe(400);
    const traversal = await send('POST', '/api/admin/resource-files', fileBody({ path: '../secrets/x.pdf' }));
    expect(traversal.statusCode).toBe(400);
    const link = await send(
      'POST',
      '/api/admin/resource-files',
      fileBody({ kind: 'video', url: 'https://video.example/tour', name: 'Site tour' }),
    );
    expect(link.statusCode).toBe(200);

    const learner = await insertUser(t.database.db, { role: 'learner' });
    const learnerHeaders = bearer((await insertSession(t.database.db, learner.id, NOW)).token);
    expect((await upload(PDF, 'x.pdf', learnerHeaders)).statusCode).toBe(404);
  });

  it('when staff edit a record whose file the seed stored (a zip), then it keeps its file and kind, listed at the stored size and downloadable; a wrong kind or a missing file → 400', async () => {
    // As the demo seed stores its library (decision 0035), in the same bucket.
    const zip = Buffer.from('PK\u0003\u0004 a small stand-in for a family set');
    const storage = await createFileStorage(t.config);
    try {
      await storage.put('resources/revit/doors.zip', zip, 'application/zip');
    } finally {
      await storage.close();
    }
    const stored = { path: 'resources/revit/doors.zip', kind: 'archive', name: 'Doors set.zip' };
    const created = await send('POST', '/api/admin/resource-files', fileBody(stored));
    expect(created.statusCode).toBe(200);
    const file = created.json().data;
    expect(file).toMatchObject({ kind: 'archive', sizeBytes: zip.length });
    const renamed = await send(
      'PUT',
      `/api/admin/resource-files/${file.id}`,
      fileBody({ ...stored, name: 'Doors - flush and panel.zip' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ kind: 'archive', path: stored.path, sizeBytes: zip.length });
    const listed = (await t.app.inject('/api/user/resource/outer/files')).json().data as {
      id: number;
      downloadUrl: string | null;
    }[];
    const mine = listed.find((f) => f.id === file.id)!;
    expect(mine.downloadUrl).toBe(`/api/resource/file/${file.id}`);
    const served = await t.app.inject(mine.downloadUrl!);
    expect(served.headers['content-type']).toBe('application/zip');
    expect(served.rawPayload.equals(zip)).toBe(true);

    // Its kind is the file's: not a PDF; and a stored path must hold bytes.
    const wrongKind = await send(
      'PUT',
      `/api/admin/resource-files/${file.id}`,
      fileBody({ ...stored, kind: 'pdf' }),
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors).toEqual([
      { path: 'kind', message: 'must be the kind of the stored file (pdf for an uploaded PDF)' },
    ]);
    const missing = await send(
      'POST',
      '/api/admin/resource-files',
      fileBody({ ...stored, path: 'resources/revit/never-stored.zip' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'path', message: 'must be the path of a stored file' }]);
    const privateArea = await send(
      'POST',
      '/api/admin/resource-files',
      fileBody({ ...stored, path: 'private/assignments/1/work.pdf', kind: 'pdf' }),
    );
    expect(privateArea.statusCode).toBe(400);
  });

  it('when folders are made and moved, then they nest, never inside themselves, with counts; premium is kept', async () => {
    const make = async (name: string, parentId: number | null) =>
      (
        await send('POST', '/api/admin/resource-folders', {
          parentId,
          name,
          description: '',
          isPremium: name === 'Premium',
          sequence: 0,
        })
      ).json().data as { id: number; isPremium: boolean };
    const top = await make('Drawings', null);
    const inner = await make('Premium', top.id);
    expect(inner.isPremium).toBe(true);
    await send(
      'POST',
      '/api/admin/resource-files',
      fileBody({ folderId: inner.id, kind: 'link', url: 'https://x.example/a' }),
    );

    const loop = await send('PUT', `/api/admin/resource-folders/${top.id}`, {
      parentId: inner.id,
      name: 'Drawings',
      description: '',
      isPremium: false,
      sequence: 0,
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors[0].path).toBe('parentId');
    const missing = await send('POST', '/api/admin/resource-folders', {
      parentId: 999999,
      name: 'Lost',
      description: '',
      isPremium: false,
      sequence: 0,
    });
    expect(missing.statusCode).toBe(400);

    const topLevel = (await send('GET', '/api/admin/resource-folders?parentId=0')).json().data;
    expect(topLevel.items).toEqual([expect.objectContaining({ id: top.id, folders: 1, files: 0 })]);
    const inside = (await send('GET', `/api/admin/resource-folders?parentId=${top.id}`)).json().data;
    expect(inside.items).toEqual([expect.objectContaining({ id: inner.id, files: 1, isPremium: true })]);
    const files = (await send('GET', `/api/admin/resource-files?folderId=${inner.id}`)).json().data;
    expect(files.items).toEqual([expect.objectContaining({ folderName: 'Premium', kind: 'link' })]);
    expect(await actions('resource_folder', top.id)).toEqual(['resource_folder.create']);
  });
});
