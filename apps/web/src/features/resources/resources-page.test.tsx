import type { PublicResourceFile } from '@atelier/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const resource = (
  values: Partial<PublicResourceFile> & { id: number; name: string },
): PublicResourceFile => ({
  description: '',
  kind: 'pdf',
  thumbnail: null,
  sizeBytes: 4_610,
  downloads: 40,
  downloadUrl: `/api/resource/pdf/${values.id}`,
  ...values,
});

const FILES: PublicResourceFile[] = [
  resource({
    id: 14,
    name: 'Climate Zones of India Map.jpg',
    kind: 'image',
    description: 'A schematic map of the five climate zones.',
    sizeBytes: 91_931,
    downloads: 154,
    downloadUrl: '/api/resource/file/14',
  }),
  resource({ id: 12, name: 'Architecture Thesis Topic Ideas.pdf' }),
  resource({ id: 9, name: 'Working Drawing Sample.pdf', sizeBytes: null, downloadUrl: null }),
];

async function openResources() {
  const api = scriptedApi({ 'GET /api/user/resource/outer/files': { data: FILES } });
  renderApp('/resources', api.fetch);
  await screen.findByRole('heading', { level: 2, name: 'Climate Zones of India Map' }, { timeout: 15_000 });
  return api;
}

describe('/resources (the public library)', () => {
  it('when a visitor opens the free resources, then each file shows its kind, true size and downloads, and opens from its own address', async () => {
    await openResources();
    const map = screen.getByRole('heading', { level: 2, name: 'Climate Zones of India Map' }).closest('li')!;
    expect(within(map).getByText('Image · 90 KB · 154 downloads')).toBeTruthy();
    expect(
      within(map)
        .getByRole('link', { name: /Download Climate Zones of India Map\.jpg/ })
        .getAttribute('href'),
    ).toBe('/api/resource/file/14');
    const thesis = screen
      .getByRole('heading', { level: 2, name: 'Architecture Thesis Topic Ideas' })
      .closest('li')!;
    expect(within(thesis).getByText('PDF · 5 KB · 40 downloads')).toBeTruthy();
    expect(
      within(thesis)
        .getByRole('link', { name: /Download/ })
        .getAttribute('href'),
    ).toBe('/api/resource/pdf/12');
    // A file with no address is for members.
    const sample = screen.getByRole('heading', { level: 2, name: 'Working Drawing Sample' }).closest('li')!;
    expect(within(sample).getByText('Members only')).toBeTruthy();
    expect(within(sample).queryByRole('link')).toBeNull();
  });

  it('when a visitor is signed out, then the library card asks them to log in and brings them back to the library', async () => {
    await openResources();
    const login = screen.getByRole('link', { name: 'Log in to the library' });
    expect(login.getAttribute('href')).toBe(`/auth/login?next=${encodeURIComponent('/dashboard/resources')}`);
  });

  it('when a learner is signed in, then the library card opens their dashboard library instead of offering to log in', async () => {
    storeSession(learner);
    await openResources();
    expect(screen.getByRole('link', { name: 'Open the library' }).getAttribute('href')).toBe(
      '/dashboard/resources',
    );
    expect(screen.queryByRole('link', { name: 'Log in to the library' })).toBeNull();
  });
});
