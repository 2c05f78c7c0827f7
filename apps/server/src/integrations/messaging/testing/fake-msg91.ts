import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * A local HTTP fake of MSG91's SMS API for tests: node:http on 127.0.0.1 and an ephemeral port.
 * It records every request (method, path, query, headers, JSON body) and answers as MSG91 does,
 * `{ "type": "success", "message": "<request id>" }`, unless told otherwise for the next calls:
 * another status and body, a redirect, a huge body, or no answer at all.
 */

export interface FakeMsg91Request {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined if none or not JSON). */
  body: unknown;
}

export type FakeMsg91Answer =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | { hang: true }
  | { hugeBytes: number };

export interface FakeMsg91 {
  /** `http://127.0.0.1:{port}` (MSG91_BASE_URL). */
  url: string;
  requests: FakeMsg91Request[];
  /** Answers the next request(s) this way. */
  answerNext(answer: FakeMsg91Answer, times?: number): void;
  close(): Promise<void>;
}

export async function startFakeMsg91(): Promise<FakeMsg91> {
  const requests: FakeMsg91Request[] = [];
  const answers: FakeMsg91Answer[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;
  const server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      const answer = answers.shift() ?? {
        status: 200,
        json: { type: 'success', message: `3${(counter += 1).toString(16).padStart(23, '0')}` },
      };
      if ('hang' in answer) return; // never answers
      if ('hugeBytes' in answer) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const block = Buffer.alloc(16 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < answer.hugeBytes) {
            sent += block.length;
            if (!res.write(block)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
      const payload = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
      res.writeHead(answer.status, {
        'content-type': answer.json !== undefined ? 'application/json' : 'text/html',
        ...answer.headers,
      });
      res.end(payload);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext(answer, times = 1) {
      for (let i = 0; i < times; i += 1) answers.push(answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
