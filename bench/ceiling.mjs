// The ceiling of a benchmark run: a bare Fastify (no hooks, no logger) answering with the very same
// response as the endpoint under test, from constants: its body bytes and its headers (the security
// headers, ETag, caching and request id the server sends). In its own process, so it does not share
// an event loop with autocannon. What the server adds beyond this is its own per-request work.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file, headersFile, port] = process.argv.slice(2);
const bytes = readFileSync(file);
/** Headers Node writes itself (or that describe the connection, not the response). */
const transport = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const headers = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(headersFile, 'utf8'))).filter(([name]) => !transport.has(name)),
);
const app = Fastify();
app.get('/ceiling', (_request, reply) => reply.headers(headers).send(bytes));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
