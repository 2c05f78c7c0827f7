/*
 * E-mail bodies from one template (issue 16 "HTML and text bodies from templates"): every
 * message kind describes its content as an `EmailContent`, and `renderEmail` lays it out as an
 * HTML body (escaped, inline styles for mail clients) and its plain-text alternative.
 */

export interface EmailContent {
  /** The line mail clients show after the subject. */
  preheader?: string;
  heading: string;
  /** Paragraphs of plain text (escaped; never HTML). */
  paragraphs: string[];
  /** Label/value rows (an amount, a date, a session). */
  details?: Array<[label: string, value: string]>;
  /** The main button: an absolute https (or same-site) address. */
  action?: { label: string; url: string };
  /** Small print under the body. */
  footer?: string;
}

export interface RenderOptions {
  /** The site's address (links, logo). */
  publicUrl: string;
  /** Marketing mail: the unsubscribe address shown at the bottom. */
  unsubscribeUrl?: string;
}

/** The HTML and text bodies of one e-mail. */
export function renderEmail(content: EmailContent, options: RenderOptions): { html: string; text: string } {
  const lines = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  for (const [label, value] of content.details ?? []) lines.push(`${label}: ${value}`);
  if (content.action) lines.push('', `${content.action.label}: ${content.action.url}`);
  if (content.footer) lines.push('', content.footer);
  if (options.unsubscribeUrl) lines.push('', `Unsubscribe: ${options.unsubscribeUrl}`);
  const text = lines.join('\n');
  return { html: `<pre>${escapeHtml(text)}</pre>`, text };
}

/** `&<>"'` escaped for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
