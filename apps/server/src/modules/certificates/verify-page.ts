import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { issueDate, ORGANIZATION, verifyCertificate } from './certificates.service.js';

/*
 * The public verification page `/verify/{code}` (issue 15, decision 0025): a small page rendered
 * here, outside the web app, so that it needs no sign-in, no JavaScript and no bundle. Every piece
 * of text is escaped; its policy admits only its own inline stylesheet (by hash) and no script at
 * all; search engines are told not to index it. An unknown code answers 404 with a page that says so.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:#f6f3ec;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;display:flex;flex-direction:column;align-items:center;padding:24px 16px}
header,main,footer{width:100%;max-width:560px}
header{margin-bottom:16px}
.brand{color:#8a6a2f;font-weight:700;letter-spacing:.12em;text-transform:uppercase;text-decoration:none;font-size:14px}
.card{background:#fffdf8;border:1px solid #e5dcc8;border-radius:16px;padding:28px 24px;box-shadow:0 1px 2px rgba(0,0,0,.04),0 8px 24px rgba(0,0,0,.05)}
.status{display:inline-flex;align-items:center;gap:8px;border-radius:999px;padding:6px 12px;font-size:14px;font-weight:600}
.status svg{width:18px;height:18px;flex:none}
.valid{background:#e7f4ea;color:#1a6b35}
.unknown{background:#fbeaea;color:#9b1c1c}
h1{font-family:Georgia,"Times New Roman",serif;font-size:26px;line-height:1.25;margin:16px 0 4px}
.lead{color:#5b6470;margin:0 0 20px}
.name{font-family:Georgia,"Times New Roman",serif;font-size:30px;line-height:1.2;font-weight:700;margin:0 0 20px;overflow-wrap:anywhere}
dl{margin:0;display:grid;grid-template-columns:minmax(0,1fr);gap:12px}
dl div{border-top:1px solid #eee6d6;padding-top:12px}
dt{color:#5b6470;font-size:13px;text-transform:uppercase;letter-spacing:.06em}
dd{margin:2px 0 0;font-weight:600;overflow-wrap:anywhere}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:15px;background:#f3eee3;border-radius:6px;padding:2px 6px;overflow-wrap:anywhere}
footer{color:#5b6470;font-size:13px;margin-top:16px}
a{color:#8a6a2f}
@media (min-width:600px){body{padding:48px 24px}.card{padding:36px 40px}.name{font-size:36px}dl{grid-template-columns:1fr 1fr}}
`.trim();

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's policy: its stylesheet by hash, nothing else loaded, no script, not framed. */
export const VERIFY_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${STYLE_HASH}`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CHECK =
  '<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"><path d="M20 6 9 17l-5-5"/></svg>';
const CROSS =
  '<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"><path d="M18 6 6 18M6 6l12 12"/></svg>';

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>` +
    `<header><a class="brand" href="/">${escapeHtml(ORGANIZATION)}</a></header>` +
    `<main>${body}</main>` +
    `<footer>Certificates issued by ${escapeHtml(ORGANIZATION)} carry a code and a QR code that lead to this page. ` +
    'A certificate is genuine only when this page shows it as verified.</footer></body></html>'
  );
}

export interface VerifiedCertificate {
  code: string;
  name: string;
  type: 'course' | 'module';
  courseName: string;
  certificateTitle: string | null;
  issuedOn: string;
}

export function verifiedPage(c: VerifiedCertificate): string {
  const what = c.type === 'course' ? c.courseName : (c.certificateTitle ?? c.courseName);
  const rows = [
    ['Awarded for', what],
    ...(c.type === 'module' ? [['Course', c.courseName]] : []),
    ['Issued on', c.issuedOn],
  ]
    .map(([dt, dd]) => `<div><dt>${escapeHtml(dt!)}</dt><dd>${escapeHtml(dd!)}</dd></div>`)
    .join('');
  return page(
    `Certificate ${c.code} · ${ORGANIZATION}`,
    '<article class="card" aria-labelledby="title">' +
      `<p class="status valid" role="status">${CHECK}<span>Verified certificate</span></p>` +
      `<h1 id="title">Certificate of ${c.type === 'course' ? 'Completion' : 'Achievement'}</h1>` +
      `<p class="lead">This certificate was issued by ${escapeHtml(ORGANIZATION)} to</p>` +
      `<p class="name">${escapeHtml(c.name)}</p>` +
      `<dl>${rows}<div><dt>Verification code</dt><dd><code>${escapeHtml(c.code)}</code></dd></div></dl>` +
      '</article>',
  );
}

export function unknownPage(code: string): string {
  return page(
    `Unknown certificate code · ${ORGANIZATION}`,
    '<article class="card" aria-labelledby="title">' +
      `<p class="status unknown" role="status">${CROSS}<span>Not verified</span></p>` +
      '<h1 id="title">We could not find this certificate</h1>' +
      `<p class="lead">No valid certificate has the code <code>${escapeHtml(code.slice(0, 64))}</code>.</p>` +
      '<p>Check the code letter by letter: it looks like <code>ATL-ABCD-EFGH-JKMN</code> and uses no I, L, O, 0 or 1. ' +
      'A certificate of a refunded course is no longer valid.</p>' +
      '</article>',
  );
}

/** Registers `GET /verify/{code}` on the root application (outside `/api`). */
export async function certificateVerifyPage(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/verify/:code',
      { schema: { hide: true, params: z.object({ code: z.string().max(200) }) } },
      async (request, reply) => {
        const found = await verifyCertificate(db, request.params.code);
        void reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', VERIFY_PAGE_CSP)
          .header('x-robots-tag', 'noindex, nofollow')
          .header('cache-control', 'public, max-age=60');
        if (!found) return reply.code(404).send(unknownPage(request.params.code));
        return reply.send(
          verifiedPage({ ...found, issuedOn: issueDate(new Date(found.issuedAt), ctx.config.tz) }),
        );
      },
    );
}
