import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './web.js';

/** The pages' policy, directive by directive. */
const directives = (policy: string) =>
  new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)] as const));

describe('content security policy of pages (Razorpay Checkout, decision 0020)', () => {
  it('admits Razorpay Checkout script, frames and telemetry only when Razorpay is the provider', () => {
    const withRazorpay = directives(contentSecurityPolicy('n0nce', false, false, true));
    expect(withRazorpay.get('script-src')).toContain('https://checkout.razorpay.com');
    expect(withRazorpay.get('frame-src')).toEqual(
      expect.arrayContaining(['https://api.razorpay.com', 'https://checkout.razorpay.com']),
    );
    expect(withRazorpay.get('connect-src')).toContain('https://lumberjack.razorpay.com');

    const sandbox = contentSecurityPolicy('n0nce', false, false, false);
    expect(sandbox).not.toContain('razorpay');
  });

  it('keeps everything else of the policy as it was (no inline script without the nonce)', () => {
    const policy = directives(contentSecurityPolicy('n0nce', false, false, true));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-n0nce'", 'https://checkout.razorpay.com']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
