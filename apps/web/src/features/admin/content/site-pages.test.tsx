import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { learner, scriptedApi, storeSession } from '../../../lib/testing/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/*
 * The console's other content sections (issue 17 point 2): the top banner dialog checks the
 * contract before sending, and a resource PDF is uploaded first, then the file names its path.
 */

const admin = { ...learner, id: 1, name: 'Meera Staff', email: 'meera@atelier.test', role: 'admin' as const };
const me = {
  data: { id: 1, name: 'Meera Staff', role: 'admin', sections: ['home-content', 'resources'] },
};
const empty = { data: { items: [], total: 0, page: 1, pageSize: 25 } };

describe('/admin/home-content: the top banner', () => {
  it('when the link is not https or a site path, then the contract message shows and nothing is sent; a good banner is saved', async () => {
    storeSession(admin);
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/top-banners': empty,
      'POST /api/admin/top-banners': (body) => ({
        data: { id: 5, ...(body as object), createdAt: '2026-11-20T10:00:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/home-content', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'New top banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New top banner' });
    await user.type(within(dialog).getByLabelText('Text'), 'Winter sale');
    await user.type(within(dialog).getByLabelText(/Link/), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save top banner' }));
    expect(
      await within(dialog).findByText('Link must be an https:// address or a path starting with /.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/admin/top-banners')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Link/));
    await user.type(within(dialog).getByLabelText(/Link/), '/workshops');
    await user.click(within(dialog).getByRole('button', { name: 'Save top banner' }));
    expect(await screen.findByText('Top banner saved; the site shows the newest active one.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/top-banners')[0]?.body).toEqual({
      content: 'Winter sale',
      link: '/workshops',
      isActive: true,
    });
  });
});

describe('/admin/resources: a new file', () => {
  it('uploads the chosen PDF first, then saves the file with its stored path', async () => {
    storeSession(admin);
    const path = 'resources/0123456789abcdef0123456789abcdef.pdf';
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/resource-files': empty,
      'GET /api/admin/resource-folders': empty,
      'POST /api/admin/resource-files/upload': {
        data: { path, sizeBytes: 2048, fileName: 'Plan sheet.pdf' },
      },
      'POST /api/admin/resource-files': (body) => ({
        data: {
          id: 9,
          folderName: null,
          sizeBytes: 2048,
          downloads: 0,
          createdAt: '2026-11-20T10:00:00.000Z',
          ...(body as object),
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/resources/files', api.fetch);
    await user.click(await screen.findByRole('button', { name: 'New file' }));
    const dialog = await screen.findByRole('dialog', { name: 'New file' });

    // Saving before anything is uploaded says so.
    await user.click(within(dialog).getByRole('button', { name: 'Save file' }));
    expect(await within(dialog).findByText('Upload the PDF first.')).toBeTruthy();

    const pdf = new File(['%PDF-1.4 plan'], 'Plan sheet.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('PDF'), pdf);
    expect(await within(dialog).findByText('Uploaded Plan sheet.pdf (2 KB).')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Plan sheet');
    expect(api.callsTo('POST /api/admin/resource-files/upload')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Save file' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/resource-files')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/resource-files')[0]?.body).toMatchObject({
      kind: 'pdf',
      path,
      url: null,
      name: 'Plan sheet',
      folderId: null,
      isPublic: true,
      isPremium: false,
    });
    expect(await screen.findByText('File “Plan sheet” saved.')).toBeTruthy();
  });

  it('when staff edit a file the seed stored (a zip), then the dialog says which file is kept and saving keeps its kind', async () => {
    storeSession(admin);
    const doors = {
      id: 5,
      folderId: null,
      folderName: null,
      name: 'Doors - Flush & Panel Set.zip',
      description: 'Type catalogue and elevations.',
      kind: 'archive',
      path: 'resources/revit/doors.zip',
      url: null,
      thumbnail: null,
      sizeBytes: 3623,
      isPremium: true,
      isPublic: false,
      downloads: 12,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const api = scriptedApi({
      'GET /api/admin/me': me,
      'GET /api/admin/resource-files': { data: { items: [doors], total: 1, page: 1, pageSize: 25 } },
      'GET /api/admin/resource-folders': empty,
      'PUT /api/admin/resource-files/5': (body) => ({ data: { ...doors, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/resources/files', api.fetch);
    await user.click(await screen.findByRole('button', { name: `Edit file ${doors.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit file' });
    expect(
      within(dialog).getByText('doors.zip (archive) is stored; choose a PDF to replace it.'),
    ).toBeTruthy();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Doors set.zip');
    await user.click(within(dialog).getByRole('button', { name: 'Save file' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/resource-files/5')).toHaveLength(1));
    expect(api.callsTo('PUT /api/admin/resource-files/5')[0]?.body).toMatchObject({
      kind: 'archive',
      path: 'resources/revit/doors.zip',
      url: null,
      name: 'Doors set.zip',
    });
  });
});
