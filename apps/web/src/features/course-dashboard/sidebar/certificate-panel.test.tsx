import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN } from '../../../lib/testing/identity-fixtures';
import { BATCH_ID, FakeQuizServer, QUIZ_MODULE_ID, renderSidebar, sidebarApi } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const PDF_BYTES = '%PDF-1.7\n%fake\n';

function pdfResponse(name = 'atelier-certificate-ABC123.pdf') {
  return new Response(PDF_BYTES, {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
  });
}

function refusal(status: number, error: string, message: string) {
  return new Response(JSON.stringify({ code: status, error, message, requestId: 'test' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let downloads: { name: string; href: string }[];
let blobs: Blob[];
beforeEach(() => {
  downloads = [];
  blobs = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      blobs.push(blob);
      return `blob:http://localhost/${blobs.length}`;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: () => undefined,
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('certificate downloader (panel 6)', () => {
  it('when a module certificate is downloaded, then it shows pending, posts the module with the bearer token, and hands the PDF to the browser', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => undefined;
    const api = sidebarApi(
      new FakeQuizServer().handlers(),
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    renderSidebar(api.fetch, { panel: 'certificate', target: { moduleId: QUIZ_MODULE_ID } });
    expect(screen.getByRole('heading', { level: 2, name: 'Revit Modelling Fundamentals' })).toBeTruthy();
    expect(
      screen.getByText(/passing the quiz of module 1, Modelling basics, of Revit for Architects/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All my certificates' }).getAttribute('href')).toBe(
      '/dashboard/my-certificates',
    );

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const pending = await screen.findByRole<HTMLButtonElement>('button', { name: 'Preparing your PDF…' });
    expect(pending.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Preparing your certificate…');
    expect(api.pdfCalls).toEqual([
      {
        path: '/api/user/course/module/certificate',
        authorization: `Bearer ${TOKEN}`,
        body: '{"moduleId":11}',
      },
    ]);

    release(pdfResponse());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Downloaded atelier-certificate-ABC123.pdf.'),
    );
    expect(downloads).toEqual([{ name: 'atelier-certificate-ABC123.pdf', href: 'blob:http://localhost/1' }]);
    expect(await blobs[0]!.text()).toBe(PDF_BYTES);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download PDF' }).disabled).toBe(false);
  });

  it('when the course certificate is downloaded, then it asks for the batch course certificate', async () => {
    const user = userEvent.setup();
    const api = sidebarApi(new FakeQuizServer().handlers(), () => Promise.resolve(pdfResponse('course.pdf')));
    renderSidebar(api.fetch, { panel: 'certificate', target: {} });
    expect(screen.getByRole('heading', { level: 2, name: 'Certificate of completion' })).toBeTruthy();
    expect(screen.getByText('Awarded for completing Revit for Architects.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(api.pdfCalls[0]).toMatchObject({
      path: `/api/user/course/${BATCH_ID}/certificate?type=course`,
      authorization: `Bearer ${TOKEN}`,
    });
    expect(downloads[0]!.name).toBe('course.pdf');
  });

  it.each([
    [409, 'CONFLICT', 'You can download this certificate once you pass the module quiz (pass mark 75%).'],
    [409, 'CONFLICT', 'The course is not completed yet.'],
    [402, 'INSTALMENT_DUE', 'Pay the due instalment to open this course.'],
    [403, 'FORBIDDEN', 'Certificates are not issued after a refund.'],
  ])(
    'when the server refuses with %i, then its words show as an alert and nothing downloads',
    async (status, code, message) => {
      const user = userEvent.setup();
      const api = sidebarApi(new FakeQuizServer().handlers(), () =>
        Promise.resolve(refusal(status, code, message)),
      );
      renderSidebar(api.fetch, { panel: 'certificate', target: { moduleId: QUIZ_MODULE_ID } });
      await user.click(screen.getByRole('button', { name: 'Download PDF' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(`The certificate could not be downloaded. ${message}`);
      expect(downloads).toHaveLength(0);
    },
  );

  it('when the server is busy without words (503), then a plain sentence says to try again', async () => {
    const user = userEvent.setup();
    const api = sidebarApi(new FakeQuizServer().handlers(), () =>
      Promise.resolve(new Response('busy', { status: 503 })),
    );
    renderSidebar(api.fetch, { panel: 'certificate', target: { moduleId: QUIZ_MODULE_ID } });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Try again in a minute.');
  });

  it('when the server is busy and says when to retry, then it says how many seconds to wait', async () => {
    const user = userEvent.setup();
    const api = sidebarApi(new FakeQuizServer().handlers(), () =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 503, error: 'SERVICE_UNAVAILABLE', message: 'Busy' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        }),
      ),
    );
    renderSidebar(api.fetch, { panel: 'certificate', target: { moduleId: QUIZ_MODULE_ID } });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Try again in 2 seconds.');
  });

  it('when the network fails, then it says the connection failed', async () => {
    const user = userEvent.setup();
    const api = sidebarApi(new FakeQuizServer().handlers(), () => Promise.reject(new TypeError('offline')));
    renderSidebar(api.fetch, { panel: 'certificate', target: { moduleId: QUIZ_MODULE_ID } });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Check your connection');
  });

  it('when a moderator views it, then there is no download button', () => {
    const api = sidebarApi(new FakeQuizServer().handlers(), () => Promise.resolve(pdfResponse()));
    renderSidebar(api.fetch, { panel: 'certificate', target: { moduleId: QUIZ_MODULE_ID }, readOnly: true });
    const aside = screen.getByRole('complementary', { name: 'Course panel' });
    expect(within(aside).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(api.pdfCalls).toHaveLength(0);
  });
});
