import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes';

function EditPage() {
  const [title, setTitle] = useState('');
  const [saved, setSaved] = useState('');
  return (
    <>
      <label>
        Title <input value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <button type="button" onClick={() => setSaved(title)}>
        Save
      </button>
      <Link to="/admin/other">Other page</Link>
      <UnsavedChangesGuard when={title !== saved} />
    </>
  );
}

function renderAt() {
  const router = createMemoryRouter(
    [
      { path: '/admin/edit', element: <EditPage /> },
      { path: '/admin/other', element: <h1>Other page</h1> },
    ],
    { initialEntries: ['/admin/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('UnsavedChangesGuard', () => {
  it('when a form has unsaved edits and staff follow a link, then they are asked; Stay keeps the edits, Leave goes', async () => {
    const user = userEvent.setup();
    const router = renderAt();
    await user.type(screen.getByLabelText('Title'), 'Pavilion');
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Leave without saving?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/edit');
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Pavilion');

    await user.click(screen.getByRole('link', { name: 'Other page' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeTruthy();
  });

  it('when the edits were saved, then leaving asks nothing; closing the tab is warned only while dirty', async () => {
    const user = userEvent.setup();
    const router = renderAt();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Title'), 'Pavilion');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(router.state.location.pathname).toBe('/admin/other');
  });
});
