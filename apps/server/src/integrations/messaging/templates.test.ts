import { describe, expect, it } from 'vitest';
import { BRAND_DARK, emailLink, renderEmail, type EmailContent } from './templates.js';

/** The visible text of an HTML body: tags dropped, entities decoded, whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<div style="display:none[^>]*>[\s\S]*?<\/div>/, ' ') // the hidden preheader
    .replace(/<title>[\s\S]*?<\/title>/, ' ')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&zwnj;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const receipt: EmailContent = {
  preheader: 'INR 4,999.00 received for Colour theory.',
  heading: 'Thank you for your payment',
  paragraphs: ['Hello Asha,', 'Thank you for your payment. This is your receipt.'],
  details: [
    ['What you bought', 'Colour theory (batch 12)'],
    ['Amount paid', 'INR 4,999.00 (GST included)'],
    ['Invoice number', 'ATL/26-27/000012'],
  ],
  action: { label: 'Open your dashboard', url: '/dashboard' },
  footer: 'Questions? Write to hello@atelier.example.',
};
const options = {
  publicUrl: 'https://atelier.example',
  seller: { name: 'Atelier Learning Pvt Ltd', address: '12 MG Road, Bengaluru' },
};

describe('e-mail template', () => {
  it('when a name holds markup, then both bodies show it as text and the HTML has no tag from it', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const { html, text } = renderEmail(
      {
        preheader: hostile,
        heading: `Welcome, ${hostile}`,
        paragraphs: [`Hello ${hostile},`],
        details: [[hostile, hostile]],
        action: { label: hostile, url: 'https://atelier.example/a?b=1&c="x"' },
        footer: hostile,
      },
      { ...options, seller: { name: hostile } },
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<[^>]*\sonerror=/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://atelier.example/a?b=1&amp;c=%22x%22"');
    expect(visibleText(html)).toContain(`Welcome, ${hostile}`);
    expect(text).toContain(`Welcome, ${hostile}`);
  });

  it('when a receipt is rendered, then the HTML and the text carry the same facts: paragraphs, details, the link and the seller', () => {
    const { html, text } = renderEmail(receipt, options);
    const shown = visibleText(html);
    const facts = [
      receipt.heading,
      ...receipt.paragraphs,
      ...receipt.details!.flat(),
      'https://atelier.example/dashboard',
      receipt.footer!,
      'Atelier Learning Pvt Ltd',
      '12 MG Road, Bengaluru',
    ];
    for (const fact of facts) {
      expect(shown, fact).toContain(oneLine(fact));
      expect(text, fact).toContain(fact);
    }
    expect(text).toContain('Invoice number: ATL/26-27/000012');
    expect(text).toContain('Open your dashboard: https://atelier.example/dashboard');
    expect(text).not.toContain('<');
  });

  it('when there is an action, then the HTML has exactly one button linking to its absolute address, in the brand colour', () => {
    const { html } = renderEmail(receipt, options);
    const buttons = html.match(/<td align="center" bgcolor="[^"]+"[^>]*><a href="([^"]+)"/g) ?? [];
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toContain(`bgcolor="${BRAND_DARK}"`);
    expect(buttons[0]).toContain('href="https://atelier.example/dashboard"');
    expect(html).toContain('>Open your dashboard</a>');
  });

  it('is a table layout with inline styles, at most 600 px wide, readable on a phone, with the preheader hidden', () => {
    const { html } = renderEmail(receipt, options);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:600px;width:100%');
    expect(html).toMatch(/<table role="presentation"/);
    expect(html).not.toMatch(/<style|<script|<link/);
    expect(html).toMatch(/<div style="display:none;[^"]*">INR 4,999.00 received for Colour theory\./);
    expect(html).toContain('-apple-system');
  });

  it('when an unsubscribe address is given, then both bodies carry it; otherwise neither mentions unsubscribing', () => {
    const url = 'https://atelier.example/unsubscribe?token=abc';
    const marketing = renderEmail(receipt, { ...options, unsubscribeUrl: url });
    expect(marketing.html).toContain(`href="${url}"`);
    expect(marketing.html).toContain('>Unsubscribe</a>');
    expect(marketing.text).toContain(`Unsubscribe: ${url}`);
    const plain = renderEmail(receipt, options);
    expect(plain.html.toLowerCase()).not.toContain('unsubscribe');
    expect(plain.text.toLowerCase()).not.toContain('unsubscribe');
  });

  it('refuses links that are not http(s) or a path of the site', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.test/x', 'not a url']) {
      expect(() => renderEmail({ ...receipt, action: { label: 'Go', url: bad } }, options), bad).toThrow();
    }
    expect(emailLink('/certificates/AB12', 'https://atelier.example')).toBe(
      'https://atelier.example/certificates/AB12',
    );
    expect(emailLink('https://studio.atelier.example/x', 'https://atelier.example')).toBe(
      'https://studio.atelier.example/x',
    );
  });
});
