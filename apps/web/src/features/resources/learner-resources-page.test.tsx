import type {
  LearnerResourceFile,
  LearnerResourceFolder,
  ResourceFolderAll,
  ResourceRoot,
  ResourceSearch,
} from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, learner, scriptedApi, storeSession, TOKEN } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const folder = (
  values: Partial<LearnerResourceFolder> & { id: number; name: string },
): LearnerResourceFolder => ({
  parentId: null,
  description: '',
  isPremium: false,
  locked: false,
  folderCount: 0,
  fileCount: 0,
  ...values,
});

const file = (values: Partial<LearnerResourceFile> & { id: number; name: string }): LearnerResourceFile => ({
  folderId: 1,
  description: '',
  kind: 'pdf',
  thumbnail: null,
  sizeBytes: 842_000,
  downloads: 12,
  isPremium: false,
  locked: false,
  downloadUrl: `/api/user/resource/${values.id}/file`,
  viewable: true,
  ...values,
});

const standards = folder({ id: 1, name: 'Architectural Standards', fileCount: 2, folderCount: 1 });
const revit = folder({ id: 2, name: 'Revit Family Library', isPremium: true, locked: true, fileCount: 1 });
const root = (isEntitled: boolean): ResourceRoot => ({
  folders: [standards, { ...revit, locked: !isEntitled }],
  isEntitled,
});
const roomSizes = file({ id: 11, name: 'Room Sizes Cheat Sheet.pdf' });
const doorsLocked = file({
  id: 12,
  name: 'Doors Family Guide.pdf',
  folderId: 2,
  isPremium: true,
  locked: true,
  downloadUrl: null,
  viewable: false,
});
const revitFolder: ResourceFolderAll = {
  folder: revit,
  breadcrumb: [{ id: 2, name: 'Revit Family Library' }],
  subfolders: [],
  files: [doorsLocked],
  filesTotal: 1,
  isEntitled: false,
};
const standardsFolder: ResourceFolderAll = {
  folder: standards,
  breadcrumb: [{ id: 1, name: 'Architectural Standards' }],
  subfolders: [folder({ id: 3, name: 'Stairs and ramps', parentId: 1, fileCount: 1 })],
  files: [
    roomSizes,
    file({
      id: 13,
      name: 'Review video',
      kind: 'video',
      downloadUrl: 'https://videos.test/x',
      viewable: false,
    }),
  ],
  filesTotal: 2,
  isEntitled: false,
};

const stonePack = file({
  id: 14,
  folderId: 4,
  name: 'Indian Stone Textures Pack.zip',
  kind: 'archive',
  sizeBytes: 412_345,
  viewable: false,
});
const texturesFolder: ResourceFolderAll = {
  folder: folder({ id: 4, name: 'Textures', fileCount: 1 }),
  breadcrumb: [{ id: 4, name: 'Textures' }],
  subfolders: [],
  files: [
    stonePack,
    file({ id: 15, name: 'Terrazzo board.jpg', kind: 'image', downloadUrl: null, viewable: false }),
  ],
  filesTotal: 2,
  isEntitled: true,
};

const PDF_BYTES = '%PDF-1.4\n% test\n%%EOF\n';

interface Setup {
  isEntitled?: boolean;
  search?: (query: URLSearchParams) => Response;
  pdfStatus?: number;
}

function libraryApi({ isEntitled = false, search, pdfStatus = 200 }: Setup = {}) {
  const scripted = scriptedApi({
    'GET /api/user/v2/details': { data: learner },
    'GET /api/user/resource/fs/all': { data: root(isEntitled) },
    'GET /api/user/resource/folder/1/all': { data: standardsFolder },
    'GET /api/user/resource/folder/2/all': { data: revitFolder },
    'GET /api/user/resource/folder/3/all': {
      data: {
        ...standardsFolder,
        folder: folder({ id: 3, name: 'Stairs and ramps', parentId: 1, fileCount: 0 }),
        breadcrumb: [
          { id: 1, name: 'Architectural Standards' },
          { id: 3, name: 'Stairs and ramps' },
        ],
        subfolders: [],
        files: [],
        filesTotal: 0,
      },
    },
    'GET /api/user/resource/folder/4/all': { data: texturesFolder },
    'POST /api/user/resource/banner/click': { data: { recorded: true } },
  });
  const searches: URLSearchParams[] = [];
  const pdfCalls: { path: string; authorization: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === '/api/user/resource/search') {
      searches.push(url.searchParams);
      if (search) return search(url.searchParams);
    }
    if (/^\/api\/user\/resource\/\d+\/file$/.test(url.pathname)) {
      pdfCalls.push({ path: url.pathname, authorization: request.headers.get('authorization') });
      if (pdfStatus !== 200)
        return new Response(
          JSON.stringify({ code: pdfStatus, message: 'No', error: 'FORBIDDEN', requestId: 't' }),
          {
            status: pdfStatus,
            headers: { 'content-type': 'application/json' },
          },
        );
      return new Response(PDF_BYTES, { status: 200, headers: { 'content-type': 'application/pdf' } });
    }
    return scripted.fetch(input, init);
  };
  return { ...scripted, fetch, searches, pdfCalls };
}

const json = (payload: unknown, status = 200) =>
  new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });

const searchAnswer = (
  query: string,
  results: ResourceSearch['results'],
  total = results.length,
): ResourceSearch => ({
  query,
  results,
  total,
  limit: 20,
  offset: 0,
  isEntitled: false,
});

async function openLibrary(path: string, setup?: Setup) {
  storeSession();
  const api = libraryApi(setup);
  const view = renderApp(path, api.fetch);
  await screen.findByRole('heading', { level: 1, name: 'Resources' }, { timeout: 15_000 });
  return { api, view };
}

describe('/dashboard/resources (issue 15: folders, search, premium lock, PDF viewer)', () => {
  beforeEach(() => {
    let n = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:http://localhost/pdf-${++n}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when the library opens, then the folders are listed with counts and the premium one is locked, with the way to the catalogue', async () => {
    await openLibrary('/dashboard/resources');
    const grid = await screen.findByRole('list', { name: 'Folders' });
    const links = within(grid).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/dashboard/resources?folder=1',
      '/dashboard/resources?folder=2',
    ]);
    expect(within(links[0]!).getByText('1 folder · 2 files')).toBeTruthy();
    expect(within(links[1]!).getByText(/Premium/)).toBeTruthy();
    expect(within(links[1]!).getByText('(locked)')).toBeTruthy();
    const notice = screen.getByRole('complementary', { name: 'Premium files are for enrolled learners' });
    expect(within(notice).getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe(
      '/courses-and-workshops',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Library');
  });

  it('when the learner is entitled, then no lock and no notice', async () => {
    await openLibrary('/dashboard/resources', { isEntitled: true });
    const grid = await screen.findByRole('list', { name: 'Folders' });
    expect(within(grid).queryByText('(locked)')).toBeNull();
    expect(screen.queryByRole('complementary', { name: /Premium files/ })).toBeNull();
  });

  it('when a premium folder is opened by a learner without enrolment, then its file shows a lock, an unlock link and no view or download', async () => {
    const user = userEvent.setup();
    const { api } = await openLibrary('/dashboard/resources');
    await user.click(await screen.findByRole('link', { name: /Revit Family Library/ }));
    const files = await screen.findByRole('list', { name: 'Files' });
    const row = within(files).getByRole('listitem');
    expect(within(row).getByText('(locked)')).toBeTruthy();
    expect(
      within(row).getByRole('link', { name: 'Enrol to unlock Doors Family Guide.pdf' }).getAttribute('href'),
    ).toBe('/courses-and-workshops');
    expect(within(row).queryByRole('button', { name: /View|Download/ })).toBeNull();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Library' }).getAttribute('href')).toBe(
      '/dashboard/resources',
    );
    expect(within(crumbs).getByText('Revit Family Library').getAttribute('aria-current')).toBe('page');
    // The notice's call to action is recorded as a banner click.
    await user.click(screen.getByRole('link', { name: 'Browse courses' }));
    await waitFor(() => expect(api.callsTo('POST /api/user/resource/banner/click')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/resource/banner/click')[0]!.body).toEqual({
      banner: 'resources-premium',
      link: '/courses-and-workshops',
    });
  });

  it('when View is pressed, then the PDF is fetched with the session and shown in the page; Close returns focus', async () => {
    const user = userEvent.setup();
    const { api } = await openLibrary('/dashboard/resources?folder=1');
    const view = await screen.findByRole('button', { name: 'View Room Sizes Cheat Sheet.pdf' });
    await user.click(view);
    const viewer = await screen.findByRole('region', { name: 'Room Sizes Cheat Sheet.pdf' });
    const frame = await within(viewer).findByTitle('Room Sizes Cheat Sheet.pdf (PDF)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(api.pdfCalls).toEqual([{ path: '/api/user/resource/11/file', authorization: `Bearer ${TOKEN}` }]);
    // Focus moved to the viewer's heading, for keyboard and screen-reader users.
    expect(document.activeElement).toBe(
      within(viewer).getByRole('heading', { name: 'Room Sizes Cheat Sheet.pdf' }),
    );
    await user.click(within(viewer).getByRole('button', { name: 'Close viewer' }));
    expect(screen.queryByRole('region', { name: 'Room Sizes Cheat Sheet.pdf' })).toBeNull();
    expect(document.activeElement).toBe(view);
    // Open again from the keyboard; Escape closes it too.
    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Room Sizes Cheat Sheet.pdf' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Room Sizes Cheat Sheet.pdf' })).toBeNull(),
    );
    expect(document.activeElement).toBe(view);
    expect(URL.revokeObjectURL).toHaveBeenCalled();
    // An external video opens in a new tab instead.
    const link = screen.getByRole('link', { name: /Open Review video/ });
    expect(link.getAttribute('href')).toBe('https://videos.test/x');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('when a stored archive is listed, then Download fetches it with the session and saves it under its own name; a file not uploaded yet says so', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { api } = await openLibrary('/dashboard/resources?folder=4');
    const download = await screen.findByRole('button', { name: 'Download Indian Stone Textures Pack.zip' });
    expect(screen.queryByRole('button', { name: /View Indian Stone/ })).toBeNull();
    expect(screen.getByText(/Archive · 403 KB/)).toBeTruthy();
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['Indian Stone Textures Pack.zip']));
    expect(api.pdfCalls).toEqual([{ path: '/api/user/resource/14/file', authorization: `Bearer ${TOKEN}` }]);
    expect(screen.getByText('Download coming soon')).toBeTruthy();
  });

  it('when the PDF is refused, then the viewer says why instead of a frame', async () => {
    const user = userEvent.setup();
    await openLibrary('/dashboard/resources?folder=1', { pdfStatus: 403 });
    await user.click(await screen.findByRole('button', { name: 'View Room Sizes Cheat Sheet.pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This premium file is for enrolled learners.',
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('when words are typed, then one search runs after the pause and its results are listed, a locked file with its lock', async () => {
    const user = userEvent.setup();
    const { api } = await openLibrary('/dashboard/resources', {
      search: (q) =>
        json({
          code: 200,
          message: 'OK',
          data: searchAnswer(q.get('query')!, [
            {
              type: 'folder',
              folder: folder({ id: 3, name: 'Stairs and ramps', parentId: 1, fileCount: 1 }),
            },
            { type: 'file', file: doorsLocked, folderName: 'Revit Family Library' },
          ]),
        }),
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'stair');
    const results = await screen.findByRole('list', { name: 'Search results' });
    // Debounced: one call for the whole word, not one per key.
    expect(api.searches.map((s) => s.get('query'))).toEqual(['stair']);
    expect(api.searches[0]!.get('offset')).toBe('0');
    expect(screen.getByText('2 results for “stair”')).toBeTruthy();
    expect(
      within(results)
        .getByRole('link', { name: /Stairs and ramps/ })
        .getAttribute('href'),
    ).toBe('/dashboard/resources?folder=3');
    expect(within(results).getByText(/in Revit Family Library/)).toBeTruthy();
    expect(
      within(results).getByRole('link', { name: 'Enrol to unlock Doors Family Guide.pdf' }),
    ).toBeTruthy();
    // Opening a folder of the results leaves the search for that folder.
    await user.click(within(results).getByRole('link', { name: /Stairs and ramps/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Stairs and ramps' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search the library' }).value).toBe('');
  });

  it('when nothing matches, then an empty note; when the search fails, then an error with Try again', async () => {
    const user = userEvent.setup();
    let fail = false;
    await openLibrary('/dashboard/resources', {
      search: (q) =>
        fail
          ? json(apiError(429, 'RATE_LIMITED', 'Too many searches. Wait a moment.').body, 429)
          : json({ code: 200, message: 'OK', data: searchAnswer(q.get('query')!, []) }),
    });
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search the library' });
    await user.type(box, '100% "x"');
    expect(await screen.findByText('No files or folders match “100% "x"”.')).toBeTruthy();
    fail = true;
    await user.clear(box);
    await user.type(box, 'doors');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/The search could not be loaded/);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // Escape clears the box and the folders come back.
    box.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(box.value).toBe(''));
    expect(await screen.findByRole('list', { name: 'Folders' })).toBeTruthy();
  });
});
