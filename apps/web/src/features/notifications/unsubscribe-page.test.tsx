import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, scriptedApi } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

const TOKEN = 'v1.YXNoYUBleGFtcGxlLmNvbQ.' + 'a'.repeat(43);

describe('/unsubscribe (issue 16)', () => {
  it('when the visitor confirms, then the page posts {} with the token and says which address is unsubscribed from what', async () => {
    const api = scriptedApi({
      'POST /api/unsubscribe': { data: { unsubscribed: true, email: 'a•••a@example.com' } },
    });
    const urls: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      urls.push(new Request(input, init).url);
      return api.fetch(input, init);
    };
    const user = userEvent.setup();
    renderApp(`/unsubscribe?token=${TOKEN}`, fetch);

    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    // Opening the link changes nothing by itself (mail scanners open links).
    expect(api.callsTo('POST /api/unsubscribe')).toHaveLength(0);
    await user.click(button);

    const heading = await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('a•••a@example.com')).toBeTruthy();
    expect(screen.getByText(/newsletters, brochures or offers/)).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/unsubscribe');
    expect(call?.body).toEqual({});
    expect(urls.find((u) => u.includes('/api/unsubscribe'))).toBe(
      `http://api.test/api/unsubscribe?token=${encodeURIComponent(TOKEN)}`,
    );
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
  });

  it('when the server says the token is not valid, then the page says the link is not valid', async () => {
    const api = scriptedApi({
      'POST /api/unsubscribe': apiError(
        400,
        'VALIDATION_FAILED',
        'This unsubscribe link is not valid. Use the link of a recent e-mail.',
      ),
    });
    const user = userEvent.setup();
    renderApp(`/unsubscribe?token=${TOKEN}`, api.fetch);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' }),
    ).toBeTruthy();
  });

  it('when the link has no token (or a cut-short one), then it is not valid without asking the server', async () => {
    const api = scriptedApi({});
    renderApp('/unsubscribe?token=short', api.fetch);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(api.callsTo('POST /api/unsubscribe')).toHaveLength(0);
  });
});
