import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { everyPageAnswers, fakeApi } from '../../test/fixtures';
import { blogArticle } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';

function renderArticle() {
  window.localStorage.setItem('referral_invite_seen', String(Date.now()));
  const api = fakeApi({ ...everyPageAnswers, '/api/blogs/7': blogArticle });
  return { ...renderApp('/blog/design-theory/daylight-and-shade?id=7', api.fetch), calls: api.calls };
}

describe('blog counselling popup (spec §4: form data stored on open, cleared on close)', () => {
  it('when it opens from an article, then its form data is stored; when it closes, the data is cleared and focus returns', async () => {
    const { store } = renderArticle();
    const opener = await screen.findByRole('button', { name: 'Talk to a counsellor' });
    expect(store.getState().ui.blogCounselling).toEqual({ showPopup: false, formData: null });

    await userEvent.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Talk to a counsellor' });
    expect(store.getState().ui.blogCounselling).toEqual({
      showPopup: true,
      formData: { name: blogArticle.title, id: 7, productId: 'blog-counselling' },
    });
    // The article's title is shown as text, never as markup.
    expect(dialog.textContent).toContain(blogArticle.title);
    expect(dialog.querySelector('script')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().ui.blogCounselling).toEqual({ showPopup: false, formData: null });
    expect(document.activeElement).toBe(opener);
  });

  it('when the lead form is sent without a valid email, then the field says why and nothing is sent', async () => {
    const { calls } = renderArticle();
    await userEvent.click(await screen.findByRole('button', { name: 'Talk to a counsellor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Talk to a counsellor' });

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your name' }), 'Asha Rao');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'asha@');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mobile number' }), '98765 43210');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request a call back' }));

    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(
      within(dialog).getByText('E-mail must be an email address such as name@example.com.'),
    ).toBeTruthy();
    expect(calls).not.toContain('/api/callback');
  });
});
