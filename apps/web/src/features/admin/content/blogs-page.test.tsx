import type { AdminBlog } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../../lib/testing/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/*
 * The blog editor of the staff console (issue 17 point 2): the contract's messages beside their
 * fields before anything is sent, the rich-text editor's toolbar (named buttons with shortcuts and
 * pressed state) changing the HTML that is saved, the server's 409 on a taken slug beside the slug.
 */

const admin = { ...learner, id: 1, name: 'Meera Staff', email: 'meera@atelier.test', role: 'admin' as const };
const me = { data: { id: 1, name: 'Meera Staff', role: 'admin', sections: ['blogs', 'trips'] } };
const categories = { data: [{ id: 4, name: 'Design Theory', slug: 'design-theory' }] };

const blog: AdminBlog = {
  id: 12,
  title: 'Reading a plan',
  url: 'reading-a-plan',
  categoryId: 4,
  category: { id: 4, name: 'Design Theory' },
  authorName: 'Asha Rao',
  status: 'draft',
  publishedAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-19T10:00:00.000Z',
  excerpt: 'How to read one',
  content: '<h2>Plans</h2><p>Read the plan first.</p>',
  cover: null,
  readingMinutes: 4,
  isTrending: false,
  isFeatured: false,
  meta: {},
};

describe('/admin/blogs: the blog editor', () => {
  it('when an existing blog is edited with the toolbar and saved, then the whole article is sent with its HTML and the form is clean again', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/blog-categories': categories,
      'GET /api/admin/blogs/12': { data: blog },
      'PUT /api/admin/blogs/12': (body) => ({
        data: { ...blog, ...(body as Partial<AdminBlog>), status: 'published' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/blogs/12', api.fetch);

    const title = await screen.findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('Reading a plan');
    const article = screen.getByRole('textbox', { name: 'Article' });
    expect(article.innerHTML).toContain('<h2>Plans</h2>');
    const toolbar = screen.getByRole('toolbar', { name: 'Article formatting' });
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-keyshortcuts')).toMatch(/\+B$/);
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    expect(within(toolbar).getByRole('button', { name: 'Link' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Image' })).toBeTruthy();

    // Put the cursor in the first heading and make it a bulleted list instead.
    await user.click(within(toolbar).getByRole('button', { name: 'Heading 2' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));

    await user.clear(title);
    await user.type(title, 'Reading a plan, slowly');
    await user.click(screen.getByRole('radio', { name: /Published/ }));
    await user.click(screen.getByRole('button', { name: 'Save blog' }));

    expect(await screen.findByText('Saved. It is live on the blog now.')).toBeTruthy();
    const [sent] = api.callsTo('PUT /api/admin/blogs/12');
    const body = sent!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Reading a plan, slowly',
      url: 'reading-a-plan',
      categoryId: 4,
      excerpt: 'How to read one',
      cover: null,
      authorName: 'Asha Rao',
      readingMinutes: 4,
      isTrending: false,
      isFeatured: false,
      meta: {},
    });
    expect(body.content).toContain('<ul><li><p>Plans</p></li></ul>');
    expect(body.content).toContain('<p>Read the plan first.</p>');
    expect(typeof body.publishedAt).toBe('string');
    expect(Number.isNaN(Date.parse(body.publishedAt as string))).toBe(false);
    // Saved: the unsaved-changes guard is lifted, so going back to the list does not ask.
    await user.click(screen.getByRole('link', { name: '← All blogs' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Article' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when a new blog has a bad slug, no title and a javascript: cover, then the contract messages show and nothing is sent; a taken slug shows the server’s 409 beside the slug', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/blog-categories': categories,
      'POST /api/admin/blogs': apiError(
        409,
        'CONFLICT',
        'Another blog already uses this slug; choose another.',
        [{ path: 'url', message: 'is already used by another blog' }],
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/blogs/new', api.fetch);

    const slug = await screen.findByLabelText('Slug');
    await user.type(slug, 'Not A Slug');
    await user.type(screen.getByLabelText(/Cover image/), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Create blog' }));

    expect(await screen.findByText('Title is required.')).toBeTruthy();
    expect(
      screen.getByText('Slug must be lower-case letters, digits and hyphens (e.g. my-first-post).'),
    ).toBeTruthy();
    expect(
      screen.getByText('Cover image must be an https:// address or a path starting with /.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/admin/blogs')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'Reading a plan');
    await user.clear(slug);
    await user.type(slug, 'reading-a-plan');
    await user.clear(screen.getByLabelText(/Cover image/));
    await user.click(screen.getByRole('button', { name: 'Create blog' }));
    expect(await screen.findByText('Slug is already used by another blog.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/blogs')).toHaveLength(1);
    expect(api.callsTo('POST /api/admin/blogs')[0]?.body).toMatchObject({
      title: 'Reading a plan',
      url: 'reading-a-plan',
      publishedAt: null,
      content: '',
    });
  });
});
