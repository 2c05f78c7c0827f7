import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * Dependencies run within their declared Node engines (issue 18). The root package.json overrides
 * cookie (under light-my-request) and content-disposition (under @fastify/static) with releases that
 * declare Node 20; these tests check that nothing installed asks for another Node, and that the
 * dependents still get the API they call from the overridden versions.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CHECK = path.join(ROOT, 'scripts/check-engines.mjs');
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function checkEngines(root?: string) {
  const result = spawnSync(process.execPath, [CHECK, ...(root ? [root] : [])], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

function writePackage(dir: string, manifest: Record<string, unknown>) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
}

describe('installed dependencies and the Node engine', () => {
  it('every installed package declares support for the running Node', () => {
    const { status, output } = checkEngines();
    expect(output).toContain(`all support Node ${process.version}`);
    expect(status).toBe(0);
  });

  it('a package that needs another Node fails the check, hoisted, scoped, nested or in a workspace', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'atelier-engines-'));
    temporary.push(root);
    writePackage(root, { name: 'fixture', workspaces: ['apps/one'] });
    const modules = path.join(root, 'node_modules');
    writePackage(path.join(modules, 'fits'), { name: 'fits', version: '1.0.0', engines: { node: '>=18' } });
    writePackage(path.join(modules, 'no-engines'), { name: 'no-engines', version: '1.0.0' });
    writePackage(path.join(modules, 'too-new'), {
      name: 'too-new',
      version: '2.0.0',
      engines: { node: '>=99' },
    });
    writePackage(path.join(modules, '@scope/too-new'), {
      name: '@scope/too-new',
      version: '3.0.0',
      engines: { node: '>=99' },
    });
    writePackage(path.join(modules, 'fits/node_modules/nested'), {
      name: 'nested',
      version: '4.0.0',
      engines: { node: '<18' },
    });
    writePackage(path.join(root, 'apps/one/node_modules/in-workspace'), {
      name: 'in-workspace',
      version: '5.0.0',
      engines: { node: '>=99' },
    });

    const { status, output } = checkEngines(root);

    expect(status).toBe(1);
    expect(output).toContain('4 installed package(s) do not support');
    expect(output).toContain('too-new@2.0.0 needs node >=99');
    expect(output).toContain('@scope/too-new@3.0.0 needs node >=99');
    expect(output).toContain(
      `nested@4.0.0 needs node <18 (${path.join('node_modules/fits/node_modules/nested')})`,
    );
    expect(output).toContain('in-workspace@5.0.0 needs node >=99');
    expect(output).not.toContain('fits@1.0.0');
    expect(output).not.toContain('no-engines');
  });
});

describe('the overridden packages serve their dependents', () => {
  it('light-my-request sends inject cookies through cookie 1.x (stringifySetCookie), encoded', async () => {
    const app = Fastify();
    app.get('/echo', (request) => ({ cookie: request.headers.cookie }));
    const res = await app.inject({ url: '/echo', cookies: { session: 'a b', theme: 'dark' } });
    expect(res.json()).toEqual({ cookie: 'session=a%20b; theme=dark' });
    await app.close();
  });

  it('@fastify/static names a download through content-disposition 2.x (create), non-ASCII names included', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'atelier-download-'));
    temporary.push(root);
    writeFileSync(path.join(root, 'résumé.pdf'), '%PDF-1.4\n');
    const app = Fastify();
    await app.register(fastifyStatic, { root, serve: false });
    app.get('/file', (_request, reply) => reply.download('résumé.pdf'));
    const res = await app.inject({ url: '/file' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r?sum?.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
    );
    await app.close();
  });
});
