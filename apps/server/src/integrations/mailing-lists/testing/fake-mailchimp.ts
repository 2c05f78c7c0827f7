import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake Mailchimp Marketing API for tests (node:http on 127.0.0.1, a free port): member tags
 * (`POST /lists/{id}/members/{hash}/tags` → 204), static segments (list, create, add a member),
 * every request recorded, and a failure status on demand for the next calls.
 */

export interface FakeMailchimpRequest {
  method: string;
  /** Path and query after the prefix, e.g. `/lists/abc/members/<md5>/tags`. */
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeMailchimp {
  /** `http://127.0.0.1:{port}/3.0` */
  readonly url: string;
  readonly requests: FakeMailchimpRequest[];
  /** Segments by list id: name → { id, members }. */
  readonly segments: Map<string, Map<string, { id: number; members: Set<string> }>>;
  /** The next `times` calls answer `status` (e.g. 500, 401). */
  fail(status: number, times?: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as unknown) : null);
      } catch {
        resolve(text);
      }
    });
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startFakeMailchimp(opts: { prefix?: string } = {}): Promise<FakeMailchimp> {
  const prefix = opts.prefix ?? '/3.0';
  const requests: FakeMailchimpRequest[] = [];
  const segments: FakeMailchimp['segments'] = new Map();
  const failures: Array<{ status: number; left: number }> = [];
  let nextId = 500;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const pathname = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    requests.push({ method: req.method ?? '', path: pathname + url.search, headers: req.headers, body });
    const failure = failures.find((f) => f.left > 0);
    if (failure) {
      failure.left -= 1;
      return json(res, failure.status, { title: 'Failure', status: failure.status });
    }
    let match = /^\/lists\/([^/]+)\/members\/([0-9a-f]{32})\/tags$/.exec(pathname);
    if (req.method === 'POST' && match) {
      res.writeHead(204);
      return res.end();
    }
    match = /^\/lists\/([^/]+)\/segments$/.exec(pathname);
    if (match) {
      const list = segments.get(match[1]!) ?? new Map<string, { id: number; members: Set<string> }>();
      segments.set(match[1]!, list);
      if (req.method === 'GET')
        return json(res, 200, {
          segments: [...list.entries()].map(([name, s]) => ({ id: s.id, name })),
        });
      if (req.method === 'POST') {
        const name = String((body as { name?: unknown }).name);
        const segment = { id: ++nextId, members: new Set<string>() };
        list.set(name, segment);
        return json(res, 200, { id: segment.id, name, type: 'static' });
      }
    }
    match = /^\/lists\/([^/]+)\/segments\/(\d+)\/members$/.exec(pathname);
    if (req.method === 'POST' && match) {
      const list = segments.get(match[1]!);
      const segment = [...(list?.values() ?? [])].find((s) => s.id === Number(match[2]));
      if (!segment) return json(res, 404, { title: 'Resource Not Found', status: 404 });
      const address = String((body as { email_address?: unknown }).email_address);
      segment.members.add(address);
      return json(res, 200, { email_address: address, status: 'subscribed' });
    }
    return json(res, 404, { title: 'Resource Not Found', status: 404 });
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    segments,
    fail(status, times = 1) {
      failures.push({ status, left: times });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
