import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { bearer, insertSession, insertUser } from '../../modules/auth/testing.js';
import { createResourceFile } from '../../test/factories.js';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { createTestDatabase, testConfig } from '../../test/test-app.js';

/** `image` as the one file of a multipart/form-data body. */
function imageUpload(data: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Two instances of the server on one database and one S3 bucket, each with its own DATA_DIR:
 * a file written through one is served by the other, so nothing can have crossed by local disk.
 */
describe('files in S3 shared by two instances (S3_* set)', () => {
  let s3: LocalS3;
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const dataDirs: string[] = [];
  let token: string;

  const instance = async (env: Record<string, string>) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-instance-'));
    dataDirs.push(dataDir);
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, ...env }),
      database,
      logger: false,
    });
    await app.ready();
    return app;
  };
  const upload = (app: FastifyInstance, bytes: Buffer) => {
    const body = imageUpload(bytes);
    return app.inject({
      method: 'POST',
      url: '/api/user/profile/image/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };

  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await createTestDatabase();
    a = await instance(s3.env);
    b = await instance(s3.env);
    const user = await insertUser(database.db);
    token = (await insertSession(database.db, user.id, new Date())).token;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('when a picture is uploaded through instance A, then instance B serves the same bytes as image/webp; none is on either local disk', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const res = await upload(a, photo);
    expect(res.statusCode).toBe(200);
    const imagePath: string = res.json().data.imagePath;
    expect(imagePath).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);

    const fromA = await a.inject({ url: imagePath });
    const fromB = await b.inject({ url: imagePath });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers['content-type']).toBe(fromA.headers['content-type']);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect((await sharp(fromB.rawPayload).metadata()).format).toBe('webp');
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'files'))).toBe(false);
  });

  it('when the picture is replaced through instance B, then the old one is gone for instance A too (404 envelope, not 500)', async () => {
    const first = await upload(
      a,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a36' } })
        .png()
        .toBuffer(),
    );
    const oldPath: string = first.json().data.imagePath;
    expect((await b.inject({ url: oldPath })).statusCode).toBe(200);

    const second = await upload(
      b,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36a' } })
        .png()
        .toBuffer(),
    );
    const newPath: string = second.json().data.imagePath;
    expect(newPath).not.toBe(oldPath);
    expect((await a.inject({ url: newPath })).statusCode).toBe(200);

    const gone = await a.inject({ url: oldPath });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });

  it('when a name was never uploaded, then both instances answer 404 in the envelope', async () => {
    for (const app of [a, b]) {
      const res = await app.inject({ url: '/media/avatars/0123456789abcdef0123456789abcdef.webp' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
  });

  it('when a resource PDF is stored in the bucket, then both instances serve its bytes (not the generated stand-in)', async () => {
    const file = await createResourceFile(database.db, {
      name: 'Site survey.pdf',
      path: 'resources/public/site-survey.pdf',
    });
    const bytes = Buffer.from('%PDF-1.4\n% kept in the bucket\n%%EOF\n', 'latin1');
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: 'resources/public/site-survey.pdf',
        Body: bytes,
        ContentType: 'application/pdf',
      }),
    );
    client.destroy();
    for (const app of [a, b]) {
      const res = await app.inject({ url: `/api/resource/pdf/${file.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('when the object store cannot be reached, then a picture answers 503 in the envelope, not 500', async () => {
    const cut = await instance({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    try {
      const res = await cut.inject({ url: '/media/avatars/0123456789abcdef0123456789abcdef.webp' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, error: 'SERVICE_UNAVAILABLE' });
    } finally {
      await cut.close();
    }
  });
});
