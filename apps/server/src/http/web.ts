import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the web app (apps/web): built assets, and every page through the app's server renderer
 * (`render` of `apps/web/src/entry-server.tsx`). The renderer's contract is repeated here rather
 * than imported, since the server does not depend on the web package.
 */
interface RenderAssets {
  scripts: string[];
  styles: string[];
  preloads: string[];
  /** The build manifest: the renderer preloads the chunk and CSS of the page it renders. */
  manifest?: Record<string, ManifestChunk>;
  /** The islands build of public documents (docs/decisions/0032), when built. */
  islands?: IslandAssets;
}

interface IslandAssets {
  entry: string;
}

interface RenderContext {
  fetch: typeof fetch;
  assets: RenderAssets;
  nonce?: string;
  apiOrigin?: string;
  /** The site's public address (config PUBLIC_URL), for canonical links and Open Graph URLs. */
  publicUrl?: string;
  siteConfig?: { popupSnoozeDays: number; newsletterPartner: string };
  onError?: (error: unknown) => void;
}

type Render = (request: Request, ctx: RenderContext) => Promise<Response>;

export interface WebOptions {
  /** `development`: Vite's dev middleware (hot reload); otherwise the built bundles. */
  mode: 'production' | 'development' | 'test';
  /** Absolute path of apps/web. */
  webRoot: string;
  /** The site's public address (config `publicUrl`), handed to the renderer. */
  publicUrl?: string;
  /** Settings of the server the browser needs, written into every page's data block (issue 16). */
  siteConfig?: { popupSnoozeDays: number; newsletterPartner: string };
  /**
   * The trusted country header (config `countryHeader`): pages show prices in the visitor's
   * currency, so a cache in front must keep one copy per country.
   */
  countryHeader?: string | undefined;
  /**
   * Razorpay is the payment provider: every page admits Razorpay Checkout (its script, its frame
   * and its telemetry endpoint, as its documentation lists), because a visitor reaches the
   * checkout by a client-side navigation that keeps the first page's policy (decision 0020).
   */
  razorpayCheckout?: boolean;
}

/**
 * Origin of the page URLs handed to the renderer and of its API calls. Fixed rather than taken
 * from the Host header, which the client controls; the app only ever links by path.
 */
const INTERNAL_ORIGIN = 'http://atelier.internal';

/** A page's API call made while rendering gives up after this long (the page then uses its fallback). */
const SSR_API_TIMEOUT_MS = 5_000;

/** Hashed build output never changes under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Folders of the built client served whole (`assets/` hashed bundles, `images/` the image pipeline's output). */
const STATIC_DIRECTORIES = ['assets', 'images'] as const;
/** Unhashed public files (favicon, robots.txt). */
const SHORT_LIVED = 'public, max-age=3600';

/**
 * Request headers that are not passed on to the API calls a page makes: hop-by-hop and body
 * headers, compression (the renderer wants plain JSON), caching validators, and credentials
 * (public pages are rendered for everyone alike; the API identifies users by bearer token).
 */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'transfer-encoding',
  'content-length',
  'content-type',
  'expect',
  'accept',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'cookie',
  'authorization',
]);

/**
 * A path naming a file (`/images/x.jpg`, `/wp-login.php`) that the build does not have: answered
 * with a bare 404, not a rendered page, so missing images and probes cost no rendering.
 */
const FILE_EXTENSION =
  /\.(?:jpe?g|png|gif|webp|avif|svg|ico|bmp|css|m?js|map|json|txt|xml|webmanifest|woff2?|ttf|otf|pdf|zip|mp4|webm|php\d?|aspx?|jsp|cgi|env|ini|sql|bak|ya?ml)$/i;
const isFilePath = (url: string) => FILE_EXTENSION.test(url.split('?')[0] ?? '');

/** The sign-in page: the only page whose policy lets Google Identity Services in. */
const LOGIN_PATH = '/auth/login';
/** Razorpay Checkout's addresses (its documented CSP), admitted when Razorpay is the provider. */
const RAZORPAY = {
  script: 'https://checkout.razorpay.com',
  frame: 'https://api.razorpay.com https://checkout.razorpay.com',
  connect: 'https://lumberjack.razorpay.com',
};

/** Google Identity Services' own addresses (its documented CSP), allowed on the sign-in page only. */
const GIS = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
};

const isLoginPage = (url: string) => (url.split('?')[0] ?? '') === LOGIN_PATH;

/**
 * Content security policy of a page; `nonce` covers any script the renderer writes inline. The
 * sign-in page (`google`) also admits Google Identity Services, loaded when the user picks
 * "Continue with Google" (docs/decisions/0007-web-session.md).
 */
export function contentSecurityPolicy(
  nonce: string,
  development: boolean,
  google = false,
  razorpay = false,
): string {
  const gis = (source: string) => (google ? ` ${source}` : '');
  const rzp = (source: string) => (razorpay ? ` ${source}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${gis(GIS.script)}${rzp(RAZORPAY.script)}`,
    // Vite's dev server injects styles from JavaScript; built pages link their CSS.
    development ? `style-src 'self' 'unsafe-inline'${gis(GIS.style)}` : `style-src 'self'${gis(GIS.style)}`,
    "img-src 'self' data: https:",
    // Video testimonials play in YouTube's privacy-enhanced player, loaded on click only. `blob:`:
    // the dashboard's PDF viewer shows a library PDF fetched with the session (decision 0026).
    `frame-src blob: https://www.youtube-nocookie.com${gis(GIS.frame)}${rzp(RAZORPAY.frame)}`,
    "font-src 'self'",
    development
      ? `connect-src 'self' ws: wss:${gis(GIS.connect)}${rzp(RAZORPAY.connect)}`
      : `connect-src 'self'${gis(GIS.connect)}${rzp(RAZORPAY.connect)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The islands entry in the islands build's manifest (apps/web/vite.islands.config.ts). */
const ISLANDS_ENTRY = 'src/islands/entry.ts';

/** The islands entry of the islands build's manifest: a public document's one script. */
export function islandAssetsFromManifest(manifest: Record<string, ManifestChunk>): IslandAssets {
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) throw new Error(`The islands manifest has no entry ${ISLANDS_ENTRY}.`);
  return { entry: `/${entry.file}` };
}

/** The entry's script, its CSS (and that of its static imports) and its imports to preload. */
function assetsFromManifest(manifest: Record<string, ManifestChunk>, entry: string): RenderAssets {
  const root = manifest[entry];
  if (!root) throw new Error(`The web build's manifest has no entry ${entry}.`);
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    if (key !== entry) preloads.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return { scripts: [`/${root.file}`], styles: [...styles], preloads: [...preloads] };
}

function toHeaders(headers: OutgoingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, String(item));
  }
  return result;
}

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    result[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`API call took longer than ${ms} ms while rendering`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The `fetch` a page's renderer uses for `/api` calls: answered in-process by `app.inject()`, as
 * if sent over the visitor's own connection (same socket address and forwarding headers, so the
 * API's client IP, geolocation and rate limits see the visitor, not the server).
 */
function injectFetch(app: FastifyInstance, visitor: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers = forwardedHeaders(visitor.headers);
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await withTimeout(
      app.inject({
        method: request.method,
        url: url.pathname + url.search,
        headers,
        ...(payload ? { payload } : {}),
        remoteAddress: visitor.socket.remoteAddress ?? visitor.ip,
      }),
      SSR_API_TIMEOUT_MS,
    );
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: toHeaders(response.headers),
    });
  };
}

/** Pages smaller than this are sent as they are. */
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli when the client takes it, else gzip, else none (`q=0` refusals respected). */
function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '' && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** A fast brotli level: pages are compressed per response (assets are pre-compressed at build). */
function compress(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}

const FAILURE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Atelier</title></head><body><main><h1>Something went wrong</h1><p>Please reload the page in a moment.</p></main></body></html>';

/**
 * Mounts the web app on `app`: the built assets, and pages as the root context's not-found
 * handler (so the caller must not set one there). Unknown `/api/*` paths still reach the API's
 * not-found handler registered under the `/api` prefix.
 */
export async function registerWeb(app: FastifyInstance, opts: WebOptions): Promise<void> {
  const development = opts.mode === 'development';
  const varyHeader = opts.countryHeader ? `accept-encoding, ${opts.countryHeader}` : 'accept-encoding';
  let assets: RenderAssets;
  let loadRender: () => Promise<Render>;
  let fixStack: (error: Error) => void = () => {};

  if (development) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: opts.webRoot,
      appType: 'custom',
      server: { middlewareMode: true, hmr: { server: app.server }, cors: false },
    });
    const middie = await import('@fastify/middie');
    await app.register(middie.default);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => {
      await vite.close();
    });
    assets = { scripts: ['/@vite/client', '/src/entry-client.tsx'], styles: [], preloads: [] };
    // Loaded per request, so edits to the app show on reload without restarting the server.
    loadRender = async () =>
      ((await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }).render;
    fixStack = (error) => vite.ssrFixStacktrace(error);
  } else {
    const clientDir = path.join(opts.webRoot, 'dist/client');
    const serverEntry = path.join(opts.webRoot, 'dist/server/entry-server.js');
    const manifestFile = path.join(clientDir, '.vite/manifest.json');
    if (!existsSync(manifestFile) || !existsSync(serverEntry)) {
      throw new Error(
        `The web app is not built (missing ${manifestFile} or ${serverEntry}): run \`npm run build -w apps/web\`.`,
      );
    }
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    assets = { ...assetsFromManifest(manifest, 'src/entry-client.tsx'), manifest };
    // Public documents hydrate islands only, when the islands build is there (docs/decisions/0032).
    const islandsManifestFile = path.join(clientDir, '.vite/islands-manifest.json');
    if (existsSync(islandsManifestFile)) {
      const islands = JSON.parse(await readFile(islandsManifestFile, 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      assets.islands = islandAssetsFromManifest(islands);
    }
    const { render } = (await import(pathToFileURL(serverEntry).href)) as { render: Render };
    loadRender = async () => render;

    const fastifyStatic = await import('@fastify/static');
    // The files at the root (favicon): one route each, found at start, so that unknown paths
    // reach the pages.
    await app.register(fastifyStatic.default, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      globIgnore: [
        '**/*.map',
        '.vite/**',
        '**/*.br',
        '**/*.gz',
        ...STATIC_DIRECTORIES.map((dir) => `${dir}/**`),
      ],
      // The build writes .br and .gz beside each text asset (apps/web/scripts/compress-assets.mjs).
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(reply) {
        void reply.header('cache-control', SHORT_LIVED);
      },
    });
    // Hashed bundles and images: one wildcard route per folder. A route per file (some 350, and
    // their HEAD twins) made every request of the process slower: the cached API answers cost a
    // fifth more CPU (profiled under load; bench/results). Source maps are built for error
    // tracking only, and the .br/.gz twins are served through content negotiation: neither is
    // served by its own name.
    for (const dir of STATIC_DIRECTORIES) {
      if (!existsSync(path.join(clientDir, dir))) continue;
      await app.register(fastifyStatic.default, {
        root: path.join(clientDir, dir),
        prefix: `/${dir}/`,
        wildcard: true,
        decorateReply: false,
        allowedPath: (pathName: string) => !/\.(map|br|gz)$/i.test(pathName),
        preCompressed: true,
        index: false,
        cacheControl: false,
        setHeaders(reply) {
          void reply.header('cache-control', dir === 'assets' ? IMMUTABLE : SHORT_LIVED);
        },
      });
    }
  }

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isFilePath(request.url)) {
      return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    }

    const nonce = randomBytes(16).toString('base64');
    const aborted = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });

    let response: Response;
    try {
      const render = await loadRender();
      response = await render(
        new Request(INTERNAL_ORIGIN + request.url, {
          method: 'GET',
          headers: forwardedHeaders(request.headers),
          signal: aborted.signal,
        }),
        {
          fetch: injectFetch(app, request),
          assets,
          nonce,
          apiOrigin: INTERNAL_ORIGIN,
          ...(opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
          ...(opts.siteConfig ? { siteConfig: opts.siteConfig } : {}),
          onError: (error) => {
            if (error instanceof Error) fixStack(error);
            request.log.error({ err: error }, 'page render failed');
          },
        },
      );
    } catch (error) {
      if (error instanceof Error) fixStack(error);
      request.log.error({ err: error }, 'page render failed');
      return reply
        .code(500)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          contentSecurityPolicy(nonce, development, false, opts.razorpayCheckout),
        )
        .send(FAILURE_PAGE);
    }

    void reply.code(response.status);
    response.headers.forEach((value, name) => {
      void reply.header(name, value);
    });
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      const google = isLoginPage(request.url);
      void reply.header(
        'content-security-policy',
        contentSecurityPolicy(nonce, development, google, opts.razorpayCheckout),
      );
      // Google's sign-in popup must be able to answer its opener (GIS: same-origin-allow-popups).
      if (google) void reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
      // Pages are rendered whole; compressed they cost a fraction of the bytes on the wire.
      const html = Buffer.from(await response.arrayBuffer());
      const encoding =
        html.length >= MIN_COMPRESS_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
      void reply.header('vary', varyHeader);
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(await compress(html, encoding));
    }
    return reply.send(response.body ?? '');
  };

  // Pages are what no route claims: the not-found handler of the root context. Fastify sends
  // unknown /api/* paths to the API's own not-found handler (registered under the /api prefix),
  // so the API keeps its JSON 404 and pages never shadow an API route.
  app.setNotFoundHandler(renderPage);
}
