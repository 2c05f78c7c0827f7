import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  learner,
  scriptedApi,
  storeSession,
  TOKEN,
  type ScriptedAnswer,
} from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/dashboard/my-certificates';

const courseCertificate = {
  id: 11,
  type: 'course' as const,
  batchId: 5,
  moduleId: null,
  courseName: 'Parametric Facades with Grasshopper',
  certificateTitle: null,
  code: 'ATL-ABCD-EFGH-JKMN',
  issuedAt: '2026-11-20T06:00:00.000Z',
  verifyUrl: 'https://atelier.test/verify/ATL-ABCD-EFGH-JKMN',
  downloadUrl: '/api/user/course/5/certificate?type=course',
};
const moduleCertificate = {
  id: 12,
  type: 'module' as const,
  batchId: 5,
  moduleId: 31,
  courseName: 'Parametric Facades with Grasshopper',
  certificateTitle: 'Grasshopper Foundations',
  code: 'ATL-PQRS-TUVW-XYZ2',
  issuedAt: '2026-11-10T06:00:00.000Z',
  verifyUrl: 'https://atelier.test/verify/ATL-PQRS-TUVW-XYZ2',
  downloadUrl: '/api/user/course/module/certificate',
};
const claimableModule = {
  type: 'module' as const,
  batchId: 8,
  moduleId: 44,
  courseName: 'Rhino Basics',
  certificateTitle: 'Rhino Modelling',
};

type Answer = ScriptedAnswer;

const details = (over: Record<string, unknown> = {}) => ({
  data: { name: 'Asha Rao', certificates: [courseCertificate, moduleCertificate], claimable: [], ...over },
});

/** The scripted API, with the PDF calls answered by `pdf` (bytes, or an error response). */
function certificatesApi(
  detailsAnswer: Answer | (() => Answer),
  pdf?: () => Response,
  extra: Record<string, Answer> = {},
) {
  const scripted = scriptedApi({
    'GET /api/user/v2/details': { data: learner },
    'GET /api/user/certificate/details':
      typeof detailsAnswer === 'function' ? () => detailsAnswer() : detailsAnswer,
    ...extra,
  });
  const pdfCalls: { method: string; url: string; authorization: string | null; body: string }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (/\/certificate$/.test(url.pathname) && request.headers.get('accept') === 'application/pdf') {
      pdfCalls.push({
        method: request.method,
        url: url.pathname + url.search,
        authorization: request.headers.get('authorization'),
        body: request.method === 'GET' ? '' : await request.text(),
      });
      return pdf ? pdf() : new Response('no', { status: 500 });
    }
    return scripted.fetch(input, init);
  };
  return { ...scripted, fetch, pdfCalls };
}

const pdfResponse = (name = 'certificate-parametric-facades-ATL-ABCD-EFGH-JKMN.pdf') =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': '5',
      'content-disposition': `attachment; filename="${name}"`,
    },
  });

let saved: { download: string; href: string }[];
beforeEach(() => {
  saved = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cert'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openPage(api: ReturnType<typeof certificatesApi>) {
  storeSession();
  const view = renderApp(PATH, api.fetch);
  await screen.findByRole('heading', { level: 1, name: 'My certificates' }, { timeout: 15_000 });
  return view;
}

describe('/dashboard/my-certificates', () => {
  it('when the learner has certificates, then each shows its course, module title, issue date and code, newest first', async () => {
    await openPage(certificatesApi(details()));
    const card = async (title: string) =>
      (await screen.findByRole('heading', { level: 3, name: title })).closest('li')!;
    const course = await card('Parametric Facades with Grasshopper');
    const module = await card('Grasshopper Foundations');
    expect(within(course).getByText('Course certificate')).toBeTruthy();
    expect(within(course).getByText('20 Nov 2026')).toBeTruthy();
    expect(within(course).getByText('ATL-ABCD-EFGH-JKMN')).toBeTruthy();
    expect(within(module).getByText('Module certificate')).toBeTruthy();
    expect(within(module).getByText('Parametric Facades with Grasshopper')).toBeTruthy();
    expect(within(module).getByText('ATL-PQRS-TUVW-XYZ2')).toBeTruthy();
    expect(
      within(module)
        .getByRole('link', { name: /View verification page/ })
        .getAttribute('href'),
    ).toBe(moduleCertificate.verifyUrl);
    expect(course.compareDocumentPosition(module) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('when Download PDF is pressed, then the PDF is fetched with the bearer token and saved under the server’s file name', async () => {
    const user = userEvent.setup();
    const api = certificatesApi(details(), () => pdfResponse());
    await openPage(api);
    await user.click(
      await screen.findByRole('button', { name: 'Download PDF of Parametric Facades with Grasshopper' }),
    );
    await screen.findByText('Downloaded certificate-parametric-facades-ATL-ABCD-EFGH-JKMN.pdf.');
    expect(api.pdfCalls).toEqual([
      {
        method: 'GET',
        url: '/api/user/course/5/certificate?type=course',
        authorization: `Bearer ${TOKEN}`,
        body: '',
      },
    ]);
    expect(saved).toEqual([
      { download: 'certificate-parametric-facades-ATL-ABCD-EFGH-JKMN.pdf', href: 'blob:cert' },
    ]);
  });

  it('when a module certificate is downloaded, then it is a POST with the module id', async () => {
    const user = userEvent.setup();
    const api = certificatesApi(details(), () => pdfResponse('certificate-grasshopper.pdf'));
    await openPage(api);
    await user.click(await screen.findByRole('button', { name: 'Download PDF of Grasshopper Foundations' }));
    await screen.findByText('Downloaded certificate-grasshopper.pdf.');
    expect(api.pdfCalls[0]).toMatchObject({
      method: 'POST',
      url: '/api/user/course/module/certificate',
      body: JSON.stringify({ moduleId: 31 }),
    });
  });

  it('when the server refuses or is busy, then the reason is shown and nothing is saved', async () => {
    const user = userEvent.setup();
    let answer = () =>
      new Response(
        JSON.stringify(
          apiError(
            402,
            'INSTALMENT_DUE',
            'Your next instalment is due today. Pay it to continue with this course.',
          ).body,
        ),
        {
          status: 402,
          headers: { 'content-type': 'application/json' },
        },
      );
    await openPage(certificatesApi(details(), () => answer()));
    const button = await screen.findByRole('button', {
      name: 'Download PDF of Parametric Facades with Grasshopper',
    });
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your next instalment is due today. Pay it to continue with this course.',
    );
    answer = () =>
      new Response(JSON.stringify({ code: 503, message: 'busy', error: 'SERVICE_UNAVAILABLE' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '2' },
      });
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Certificates are busy right now. Please try again in 2 seconds.',
      ),
    );
    expect(saved).toEqual([]);
  });

  it('when Share on LinkedIn is pressed, then the add-to-profile address opens in a new tab', async () => {
    const user = userEvent.setup();
    const linkedInUrl =
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Grasshopper+Foundations&certId=ATL-PQRS-TUVW-XYZ2';
    const api = certificatesApi(details(), undefined, {
      'POST /api/user/course/module/certificate/share': {
        data: { code: moduleCertificate.code, url: moduleCertificate.verifyUrl, linkedInUrl },
      },
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openPage(api);
    await user.click(
      await screen.findByRole('button', { name: 'Share on LinkedIn (Grasshopper Foundations)' }),
    );
    await waitFor(() => expect(tab.location.href).toBe(linkedInUrl));
    expect(tab.opener).toBeNull();
    expect(open).toHaveBeenCalledTimes(1);
    expect(api.callsTo('POST /api/user/course/module/certificate/share')[0]!.body).toEqual({
      certificateId: 12,
    });
  });

  it('when sharing is refused, then the tab closes and the reason shows', async () => {
    const user = userEvent.setup();
    const api = certificatesApi(details(), undefined, {
      'POST /api/user/course/module/certificate/share': apiError(
        404,
        'NOT_FOUND',
        'That certificate is not in your dashboard.',
      ),
    });
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openPage(api);
    await user.click(
      await screen.findByRole('button', { name: 'Share on LinkedIn (Grasshopper Foundations)' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('That certificate is not in your dashboard.');
    expect(tab.close).toHaveBeenCalled();
  });

  it('when Copy verification link is pressed, then the public address is copied and the button says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openPage(certificatesApi(details()));
    await user.click(
      await screen.findByRole('button', { name: 'Copy verification link of Grasshopper Foundations' }),
    );
    expect(writeText).toHaveBeenCalledWith(moduleCertificate.verifyUrl);
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeTruthy();
    expect(screen.getByText('The verification link is copied.')).toBeTruthy();
  });

  it('when a certificate can be claimed, then Get certificate downloads it and the list is refreshed', async () => {
    const user = userEvent.setup();
    let claimed = false;
    const api = certificatesApi(
      () => (claimed ? details() : details({ certificates: [], claimable: [claimableModule] })),
      () => {
        claimed = true;
        return pdfResponse('certificate-rhino-modelling.pdf');
      },
    );
    await openPage(api);
    const region = await screen.findByRole('region', { name: 'Ready to claim' });
    expect(within(region).getByText('Rhino Basics')).toBeTruthy();
    expect(within(region).getByText('Quiz passed')).toBeTruthy();
    expect(screen.getByText('No certificates yet')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Get certificate for Rhino Modelling' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Ready to claim' })).toBeNull());
    expect(api.pdfCalls[0]).toMatchObject({ method: 'POST', body: JSON.stringify({ moduleId: 44 }) });
    expect(await screen.findByRole('heading', { name: 'Grasshopper Foundations' })).toBeTruthy();
    expect(api.callsTo('GET /api/user/certificate/details').length).toBeGreaterThanOrEqual(2);
  });

  it('when the learner has none, then the empty state points to their courses', async () => {
    await openPage(certificatesApi(details({ certificates: [] })));
    expect(await screen.findByText('No certificates yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your courses' }).getAttribute('href')).toBe('/dashboard');
  });

  it('when the learner has no name, then they are asked to add it before downloading', async () => {
    await openPage(certificatesApi(details({ name: '' })));
    const note = await screen.findByRole('note');
    expect(within(note).getByRole('link', { name: 'add it to your profile' }).getAttribute('href')).toBe(
      '/dashboard/profile',
    );
  });

  it('when the list fails, then “Something went wrong ⚠️” shows with Try again and no certificates', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = certificatesApi(() =>
      fail ? { status: 500, body: { code: 500, message: 'boom' } } : details(),
    );
    await openPage(api);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong ⚠️');
    expect(screen.queryByText('No certificates yet')).toBeNull();
    expect(screen.queryAllByRole('listitem').filter((li) => li.classList.contains('cert-card'))).toEqual([]);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Grasshopper Foundations' })).toBeTruthy();
  });
});
