// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the client build, at the
// highest levels: the server sends them as they are (@fastify/static `preCompressed`), so the
// browser downloads the smallest bytes without the server compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../dist/client', import.meta.url));
const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|html)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.vite') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`compressed ${count} assets (brotli and gzip)`);
