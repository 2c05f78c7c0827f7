import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app.js';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { AppError } from '../../http/app-error.js';
import { copyLocalFiles } from './copy-local-files.js';
import { createFileStorage } from './create-file-storage.js';
import type { FileStorage } from './file-storage.js';

let s3: LocalS3;
let localRoot: string;
const opened: FileStorage[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
  localRoot = mkdtempSync(path.join(tmpdir(), 'atelier-files-'));
});
afterAll(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  await s3.close();
  rmSync(localRoot, { recursive: true, force: true });
});

/** The storage `buildApp` would choose for these variables. */
async function storageFor(env: Record<string, string>): Promise<FileStorage> {
  const storage = await createFileStorage(testConfig({ DATA_DIR: localRoot, ...env }));
  opened.push(storage);
  return storage;
}

const adapters: [string, () => Promise<FileStorage>][] = [
  ['local disk (no S3_* set)', () => storageFor({})],
  ['S3 bucket (S3_* set)', () => storageFor(s3.env)],
];

describe.each(adapters)('file storage on %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  });

  it('when bytes are stored, then the same bytes are read back, and a second put replaces them', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    await storage.put('avatars/0123456789abcdef0123456789abcdef.webp', bytes, 'image/webp');
    expect(await storage.get('avatars/0123456789abcdef0123456789abcdef.webp')).toEqual(bytes);
    await storage.put('avatars/0123456789abcdef0123456789abcdef.webp', Buffer.from('second'), 'image/webp');
    expect((await storage.get('avatars/0123456789abcdef0123456789abcdef.webp'))!.toString()).toBe('second');
  });

  it('when a key was never stored or was deleted, then it reads as missing (null), and deleting it again is no error', async () => {
    expect(await storage.get('avatars/ffffffffffffffffffffffffffffffff.webp')).toBeNull();
    await storage.put('brochures/gone.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    await storage.delete('brochures/gone.pdf');
    expect(await storage.get('brochures/gone.pdf')).toBeNull();
    await expect(storage.delete('brochures/gone.pdf')).resolves.toBeUndefined();
  });

  it('when a key is not a plain relative path (traversal, upper case, no extension), then it is refused before any I/O', async () => {
    for (const key of [
      '../secrets.json',
      'avatars/../../x.webp',
      '/etc/passwd.pdf',
      'Avatars/A.webp',
      'avatars/x',
    ]) {
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('file storage: the choice and the S3 adapter', () => {
  it('when S3_* is set, then the S3 adapter is chosen and objects land in the bucket with their content type', async () => {
    const storage = await storageFor(s3.env);
    expect(storage.kind).toBe('s3');
    expect((await storageFor({})).kind).toBe('local');
    await storage.put('brochures/typed.pdf', Buffer.from('%PDF-1.4 typed'), 'application/pdf');
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'brochures/typed.pdf' }));
    expect(object.ContentType).toBe('application/pdf');
    expect(await object.Body!.transformToString()).toBe('%PDF-1.4 typed');
    client.destroy();
  });

  it('when the bucket does not exist, then reads fail as "service unavailable" (503), not as a missing file', async () => {
    const storage = await storageFor({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    const error = await storage.get('avatars/0123456789abcdef0123456789abcdef.webp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).cause).toBeDefined();
  });

  it('when the store cannot be reached, then writes and reads fail as 503 with the cause kept for the log', async () => {
    const storage = await storageFor({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    for (const attempt of [
      () => storage.put('avatars/0123456789abcdef0123456789abcdef.webp', Buffer.from('x'), 'image/webp'),
      () => storage.get('avatars/0123456789abcdef0123456789abcdef.webp'),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
      expect(String((error as AppError).cause)).toMatch(/ECONNREFUSED|connect/i);
    }
  });

  it('when a deployment switches to S3, then copying DATA_DIR/files puts every stored file in the bucket under the same key', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'atelier-switch-'));
    mkdirSync(path.join(root, 'avatars'), { recursive: true });
    mkdirSync(path.join(root, 'brochures'), { recursive: true });
    writeFileSync(path.join(root, 'avatars', 'abcdefabcdefabcdefabcdefabcdefab.webp'), 'webp bytes');
    writeFileSync(path.join(root, 'brochures', 'interior-design.pdf'), '%PDF-1.4 brochure');
    writeFileSync(
      path.join(root, 'avatars', 'abcdefabcdefabcdefabcdefabcdefab.webp.1a2b3c.tmp'),
      'half written',
    );
    const bucket = await storageFor(s3.env);
    try {
      const report = await copyLocalFiles(root, bucket);
      expect(report.copied).toEqual([
        'avatars/abcdefabcdefabcdefabcdefabcdefab.webp',
        'brochures/interior-design.pdf',
      ]);
      expect(report.skipped).toEqual(['avatars/abcdefabcdefabcdefabcdefabcdefab.webp.1a2b3c.tmp']);
      expect((await bucket.get('brochures/interior-design.pdf'))!.toString()).toBe('%PDF-1.4 brochure');
      expect((await bucket.get('avatars/abcdefabcdefabcdefabcdefabcdefab.webp'))!.toString()).toBe(
        'webp bytes',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
