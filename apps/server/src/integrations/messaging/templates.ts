/*
 * E-mail bodies from one template (issue 16 "HTML and text bodies from templates"): every
 * message kind describes its content as an `EmailContent`, and `renderEmail` lays it out as an
 * HTML body and its plain-text alternative carrying the same facts.
 *
 * The HTML is what mail clients reliably render: nested tables (no flexbox or grid), inline styles
 * (many clients drop <style>), one column at most 600 px wide that shrinks on a phone, a system
 * font stack, no images (blocked by default in most clients, so the wordmark is text) and no
 * script. Every value that comes from data is escaped, so a name `<script>` reads as text.
 */

export interface EmailContent {
  /** The line mail clients show after the subject. */
  preheader?: string;
  heading: string;
  /** Paragraphs of plain text (escaped; never HTML). A line break stays a line break. */
  paragraphs: string[];
  /** Label/value rows (an amount, a date, a session). */
  details?: Array<[label: string, value: string]>;
  /** The main button: an absolute http(s) address, or a path on the site (`/dashboard`). */
  action?: { label: string; url: string };
  /** Small print under the body. */
  footer?: string;
}

export interface RenderOptions {
  /** The site's address (the wordmark's link; the base of an action given as a path). */
  publicUrl: string;
  /** Marketing mail: the unsubscribe address shown at the bottom. */
  unsubscribeUrl?: string;
  /** The brand in the header (default `Atelier`). */
  brandName?: string;
  /** Who sends the mail, named in the footer (the seller of `SELLER_*`). */
  seller?: { name: string; address?: string; email?: string };
}

/** The brand's colours: the light accent and the darker one that carries white text. */
export const BRAND_LIGHT = '#f59a4c';
export const BRAND_DARK = '#e3683b';

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const TEXT = '#2b2118';
const MUTED = '#6f635a';

/** `&<>"'` escaped for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escaped text whose line breaks become `<br>`. */
function textHtml(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

/**
 * The absolute address of a link: an http(s) URL as given, a path resolved against the site.
 * Anything else (`javascript:`, `data:`, `//evil.test`) is a programming error and throws, so a
 * bad link never reaches an inbox.
 */
export function emailLink(url: string, publicUrl: string): string {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) {
    return new URL(trimmed, `${publicUrl.replace(/\/+$/, '')}/`).toString();
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new Error(`An e-mail link must be an absolute http(s) address or a path: ${trimmed.slice(0, 80)}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`An e-mail link must use http(s), not ${parsed.protocol}`);
  return parsed.toString();
}

/** The HTML and text bodies of one e-mail. */
export function renderEmail(content: EmailContent, options: RenderOptions): { html: string; text: string } {
  const brand = options.brandName ?? 'Atelier';
  const home = emailLink(options.publicUrl, options.publicUrl);
  const action = content.action
    ? { label: content.action.label, url: emailLink(content.action.url, options.publicUrl) }
    : undefined;
  const unsubscribe = options.unsubscribeUrl
    ? emailLink(options.unsubscribeUrl, options.publicUrl)
    : undefined;
  const details = content.details ?? [];
  const seller = options.seller;

  // ---- Plain text: the same facts in the same order. ----
  const lines: string[] = [content.heading, ''];
  for (const paragraph of content.paragraphs) lines.push(paragraph, '');
  if (details.length > 0) {
    for (const [label, value] of details) lines.push(`${label}: ${value}`);
    lines.push('');
  }
  if (action) lines.push(`${action.label}: ${action.url}`, '');
  const small: string[] = [];
  if (content.footer) small.push(content.footer);
  if (seller) {
    small.push(seller.name);
    if (seller.address) small.push(seller.address);
    if (seller.email) small.push(seller.email);
  }
  if (unsubscribe) small.push(`Unsubscribe: ${unsubscribe}`);
  if (small.length > 0) lines.push('--', ...small);
  const text = lines.join('\n').replace(/\n+$/, '\n');

  // ---- HTML ----
  const p = (html: string, style = '') =>
    `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:1.6;color:${TEXT};${style}">${html}</p>`;

  const body: string[] = [];
  body.push(
    `<h1 style="margin:0 0 20px 0;font-family:${FONT};font-size:24px;line-height:1.3;font-weight:700;color:${TEXT};">${textHtml(content.heading)}</h1>`,
  );
  for (const paragraph of content.paragraphs) body.push(p(textHtml(paragraph)));
  if (details.length > 0) {
    const rows = details
      .map(
        ([label, value], i) =>
          `<tr><td style="padding:10px 12px;font-family:${FONT};font-size:14px;line-height:1.4;color:${MUTED};vertical-align:top;width:40%;${i > 0 ? 'border-top:1px solid #f0e6dd;' : ''}">${textHtml(label)}</td>` +
          `<td style="padding:10px 12px;font-family:${FONT};font-size:14px;line-height:1.4;color:${TEXT};font-weight:600;vertical-align:top;${i > 0 ? 'border-top:1px solid #f0e6dd;' : ''}">${textHtml(value)}</td></tr>`,
      )
      .join('');
    body.push(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:4px 0 20px 0;background-color:#fdf7f2;border-radius:8px;">${rows}</table>`,
    );
  }
  if (action) {
    const href = escapeHtml(action.url);
    body.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>` +
        `<td align="center" bgcolor="${BRAND_DARK}" style="border-radius:8px;background-color:${BRAND_DARK};">` +
        `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;line-height:1.2;font-weight:700;color:#ffffff;text-decoration:none;border-radius:8px;">${textHtml(action.label)}</a>` +
        `</td></tr></table>`,
      p(
        `If the button does not work, open this address: <a href="${href}" style="color:${BRAND_DARK};word-break:break-all;">${escapeHtml(action.url)}</a>`,
        `font-size:13px;color:${MUTED};`,
      ),
    );
  }

  const foot: string[] = [];
  if (content.footer) foot.push(textHtml(content.footer));
  if (seller) {
    foot.push(
      [seller.name, seller.address, seller.email]
        .filter((part): part is string => Boolean(part))
        .map((part) => textHtml(part))
        .join('<br>'),
    );
  }
  if (unsubscribe) {
    foot.push(
      `You get this e-mail because you subscribed. <a href="${escapeHtml(unsubscribe)}" style="color:${MUTED};text-decoration:underline;">Unsubscribe</a>`,
    );
  }
  const footer = foot
    .map(
      (html) =>
        `<p style="margin:0 0 10px 0;font-family:${FONT};font-size:12px;line-height:1.5;color:${MUTED};">${html}</p>`,
    )
    .join('');

  // The preheader: shown by the inbox after the subject, hidden in the message itself; the
  // trailing non-breaking spaces keep clients from pulling body text into the preview.
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:#fdf7f2;opacity:0;">${escapeHtml(content.preheader)}${'&nbsp;&zwnj;'.repeat(40)}</div>`
    : '';

  const html = `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f6f1ec;-webkit-text-size-adjust:100%;">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f6f1ec;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;">
<tr><td style="padding:0 4px 16px 4px;font-family:${FONT};font-size:20px;font-weight:800;letter-spacing:0.2px;">
<a href="${escapeHtml(home)}" style="color:${BRAND_DARK};text-decoration:none;">${escapeHtml(brand)}</a>
</td></tr>
<tr><td style="background-color:#ffffff;border-radius:12px;border-top:4px solid ${BRAND_LIGHT};padding:32px 28px;">
${body.join('\n')}
</td></tr>
<tr><td style="padding:20px 8px 0 8px;">
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { html, text };
}
