import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { multipart, type Part } from '../../test/multipart.js';

/** Checklist D2 (profile image subset). */
describe('users: profile image upload', () => {
  let t: TestContext;
  let token: string;
  let userId: number;
  let photo: Buffer;

  const upload = (parts: Part[], headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/user/profile/image/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token), ...headers },
    });
  };
  const image = (data: Buffer, filename = 'me.jpg', contentType = 'image/jpeg'): Part => ({
    name: 'image',
    filename,
    contentType,
    data,
  });
  const storedPath = async () =>
    (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.imagePath;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await insertUser(t.database.db);
    userId = user.id;
    token = (await insertSession(t.database.db, user.id, t.now.value)).token;
    photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c96' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS-SECRET-LOCATION', Artist: 'Private Person' } })
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('when a JPEG with EXIF is uploaded, then it is stored as a ≤512 px WebP without metadata under a random name and served safely', async () => {
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload([image(photo)]);
    expect(res.statusCode).toBe(200);
    const imagePath: string = res.json().data.imagePath;
    expect(imagePath).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(await storedPath()).toBe(imagePath);
    expect(existsSync(path.join(t.config.dataDir, 'files', 'avatars', imagePath.split('/').pop()!))).toBe(
      true,
    );

    const served = await t.app.inject({ method: 'GET', url: imagePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['content-disposition']).toContain('inline');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(512);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('GPS-SECRET-LOCATION');
  });

  it('when PNG and WebP pictures are uploaded (any file name), then both are accepted by content, and the previous file is removed', async () => {
    const before = await storedPath();
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const res = await upload([image(png, 'picture.txt', 'text/plain')]);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(
      (await t.app.inject({ method: 'GET', url: res.json().data.imagePath })).rawPayload,
    ).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
    if (before) {
      expect((await t.app.inject({ method: 'GET', url: before })).statusCode).toBe(404);
    }
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00f' } })
      .webp()
      .toBuffer();
    expect((await upload([image(webp, 'x.webp', 'image/webp')])).statusCode).toBe(200);
  });

  it('when the picture is larger than 5 MB (6 MB or 20 MB), then 413 and the profile keeps its picture', async () => {
    const before = await storedPath();
    const six = Buffer.concat([photo, Buffer.alloc(6 * 1024 * 1024 - photo.length, 1)]);
    const sixRes = await upload([image(six)]);
    expect(sixRes.statusCode).toBe(413);
    expect(sixRes.json().error).toBe('PAYLOAD_TOO_LARGE');
    const twenty = await upload([image(Buffer.alloc(20 * 1024 * 1024, 7))]);
    expect(twenty.statusCode).toBe(413);
    expect(await storedPath()).toBe(before);
  });

  it('when a PHP script is renamed .jpg, an SVG with a script, a JPEG/HTML polyglot or a GIF is sent, then 400 and nothing is stored', async () => {
    const before = await storedPath();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const polyglot = Buffer.concat([
      photo,
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const cases: Part[] = [
      image(Buffer.from('<?php system($_GET["c"]); ?>'), 'shell.php.jpg'),
      image(Buffer.from(svg), 'me.jpg', 'image/jpeg'),
      image(Buffer.from(svg), 'me.svg', 'image/svg+xml'),
      image(polyglot, 'polyglot.jpg'),
      image(gif, 'me.gif', 'image/gif'),
      image(Buffer.alloc(0)),
    ];
    for (const part of cases) {
      const res = await upload([part]);
      expect(res.statusCode, part.filename).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    expect(await storedPath()).toBe(before);
  });

  it('when the upload is not multipart, has no image field, or carries 1000 parts, then 415, 400 and 413', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/image/upload',
      payload: { image: 'x' },
      headers: bearer(token),
    });
    expect(json.statusCode).toBe(415);
    expect(
      (await upload([{ name: 'avatar', filename: 'me.jpg', contentType: 'image/jpeg', data: photo }]))
        .statusCode,
    ).toBe(400);
    const many = Array.from({ length: 1000 }, (_, i): Part => ({ name: `f${i}`, data: 'x' }));
    expect((await upload([...many, image(photo)])).statusCode).toBe(413);
  });

  it('when an avatar name is guessed or traverses paths, then 404', async () => {
    for (const url of [
      '/media/avatars/0123456789abcdef0123456789abcdef.webp',
      '/media/avatars/..%2F..%2Fsecrets.json',
      '/media/avatars/x.php',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
