import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake CRM for tests (node:http on 127.0.0.1, a free port): the Kylas-shaped calls of
 * `http-crm.ts` (`POST /leads`, `POST /notes`, `POST /search/lead`), every request recorded, and
 * misbehaviour on demand: a 500, no answer (timeout), an HTML page, malformed JSON, a 50 MB body,
 * a 302 to another host, a 401, or a lost answer (the lead is stored, then the connection is
 * dropped before any answer). Also used by the ad-tracker's tests as a plain recorder.
 */

export type FakeMisbehaviour =
  'status500' | 'status401' | 'status422' | 'timeout' | 'html' | 'malformed' | 'huge' | 'redirect' | 'lost';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeCrmLead {
  id: number;
  createdAt: Date;
  body: Record<string, unknown>;
}

export interface FakeCrm {
  /** `http://127.0.0.1:{port}/v1` */
  readonly url: string;
  readonly requests: FakeRequest[];
  /** Leads the CRM holds (including those whose answer was lost). */
  readonly leads: FakeCrmLead[];
  readonly notes: Array<{ id: number; body: Record<string, unknown> }>;
  /** The next `times` calls (any path, or only `path` if given) misbehave this way. */
  misbehave(how: FakeMisbehaviour, times?: number, path?: string): void;
  close(): Promise<void>;
}

const HUGE_BYTES = 50 * 1024 * 1024;

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

/** Writes a JSON-looking body of 50 MB in chunks, stopping when the client goes away. */
function huge(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  res.write('{"id": 1, "pad": "');
  const pump = () => {
    while (sent < HUGE_BYTES) {
      if (res.destroyed) return;
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end('"}');
  };
  res.on('close', () => (sent = HUGE_BYTES));
  pump();
}

export async function startFakeCrm(opts: { prefix?: string } = {}): Promise<FakeCrm> {
  const prefix = opts.prefix ?? '/v1';
  const requests: FakeRequest[] = [];
  const leads: FakeCrmLead[] = [];
  const notes: Array<{ id: number; body: Record<string, unknown> }> = [];
  const plans: Array<{ how: FakeMisbehaviour; left: number; path?: string }> = [];
  let nextId = 1000;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const plan = plans.find((p) => p.left > 0 && (p.path === undefined || p.path === path));
    if (plan) plan.left -= 1;
    const how = plan?.how;
    switch (how) {
      case 'status500':
        return json(res, 500, { message: 'internal error' });
      case 'status401':
        return json(res, 401, { message: 'bad api key' });
      case 'status422':
        return json(res, 422, { message: 'invalid lead' });
      case 'timeout':
        return; // never answers; the socket is destroyed on close
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Maintenance</body></html>');
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"id": 12,');
      case 'huge':
        return huge(res);
      case 'redirect':
        res.writeHead(302, { location: 'http://elsewhere.invalid/steal' });
        return res.end();
      default:
        break;
    }
    if (req.method === 'POST' && path === '/leads') {
      const lead = { id: ++nextId, createdAt: new Date(), body: body as Record<string, unknown> };
      leads.push(lead);
      if (how === 'lost') return req.socket.destroy();
      return json(res, 200, { id: lead.id, ...lead.body, createdAt: lead.createdAt.toISOString() });
    }
    if (req.method === 'POST' && path === '/notes') {
      const note = { id: ++nextId, body: body as Record<string, unknown> };
      notes.push(note);
      if (how === 'lost') return req.socket.destroy();
      return json(res, 200, { id: note.id, ...note.body });
    }
    if (req.method === 'POST' && path === '/search/lead') {
      const rules = ((body as { jsonRule?: { rules?: Array<{ field: string; value: string }> } })?.jsonRule
        ?.rules ?? []) as Array<{ field: string; value: string }>;
      const email = rules.find((r) => r.field === 'emails')?.value;
      const phone = rules.find((r) => r.field === 'phoneNumbers')?.value;
      const since = rules.find((r) => r.field === 'createdAt')?.value;
      const matches = (l: FakeCrmLead) =>
        email !== undefined
          ? ((l.body.emails as Array<{ value: string }> | undefined) ?? []).some((e) => e.value === email)
          : phone !== undefined &&
            ((l.body.phoneNumbers as Array<{ value: string }> | undefined) ?? []).some(
              (p) => p.value === phone,
            );
      const records = leads
        .filter(matches)
        .filter((l) => !since || l.createdAt >= new Date(since))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .map((l) => ({ id: l.id, emails: l.body.emails, createdAt: l.createdAt.toISOString() }));
      return json(res, 200, { totalCount: records.length, records });
    }
    if (req.method === 'POST' && /^\/\d+\/events$/.test(path)) {
      // The ad-conversion tracker's shape (Meta Conversions API), for the tracker tests.
      const events = (body as { data?: unknown[] })?.data ?? [];
      if (how === 'lost') return req.socket.destroy();
      return json(res, 200, { events_received: events.length, fbtrace_id: 'fake' });
    }
    return json(res, 404, { message: 'not found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    leads,
    notes,
    misbehave(how, times = 1, path) {
      plans.push({ how, left: times, path });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
