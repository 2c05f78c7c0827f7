// The ceiling of a benchmark run: a bare Fastify serving the very same response bytes from a
// constant buffer, in its own process (so it does not share an event loop with autocannon).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const bytes = readFileSync(file);
const app = Fastify();
app.get('/ceiling', (_request, reply) =>
  reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'br').send(bytes),
);
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
