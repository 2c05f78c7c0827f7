import type { BodyOf, ResponseOf } from '@atelier/contract';
import type { ApiTransport } from '../../lib/api/base-query';
import { api } from '../../lib/api/base-api';
import { endpointRequest } from '../../lib/api/paths';
import { readToken } from '../../lib/session';

/*
 * The learner's certificates (issue 15): the list with what can be claimed, sharing, and the PDF
 * download (issued by the server on first download, so a download refreshes the list).
 */

export const CERTIFICATES_TAG = 'Certificates' as const;

const certificatesApi = api.enhanceEndpoints({ addTagTypes: [CERTIFICATES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/user/certificate/details`: the name printed, certificates issued, claimable ones. */
    getCertificateDetails: build.query<ResponseOf<'certificateDetails'>, void>({
      query: () => endpointRequest('certificateDetails'),
      providesTags: [CERTIFICATES_TAG],
      keepUnusedDataFor: 30,
    }),
    /** `GET /api/user/certificates`: the caller's certificates, newest first. */
    getCertificates: build.query<ResponseOf<'certificates'>, void>({
      query: () => endpointRequest('certificates'),
      providesTags: [CERTIFICATES_TAG],
      keepUnusedDataFor: 30,
    }),
    /** `POST /api/user/course/module/certificate/share`: the verification link and LinkedIn address. */
    shareCertificate: build.mutation<ResponseOf<'certificateShare'>, BodyOf<'certificateShare'>>({
      query: (body) => endpointRequest('certificateShare', { body }),
    }),
  }),
});

export const { useGetCertificateDetailsQuery, useGetCertificatesQuery, useShareCertificateMutation } =
  certificatesApi;

/** Which certificate to download: a course's (by batch) or a module's. */
export type CertificateTarget = { type: 'course'; batchId: number } | { type: 'module'; moduleId: number };

/** Progress of a download: preparing (the server renders), then received bytes when known. */
export type DownloadProgress = { phase: 'preparing' } | { phase: 'receiving'; percent: number | null };

const GENERIC = 'Something went wrong ⚠️';

/** The file name from `Content-Disposition`, kept to safe characters. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const name = match?.[1]?.replace(/[^A-Za-z0-9._-]/g, '') ?? '';
  return name.endsWith('.pdf') ? name : fallback;
}

/** A sentence for a refused download: the API's own message for a 4xx, "busy" for a 503. */
async function failureMessage(response: Response): Promise<string> {
  if (response.status === 503) {
    const seconds = Number(response.headers.get('retry-after'));
    return `Certificates are busy right now. Please try again${seconds > 0 ? ` in ${Math.ceil(seconds)} seconds` : ' in a moment'}.`;
  }
  if (response.status >= 500) return GENERIC;
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : GENERIC;
  } catch {
    return GENERIC;
  }
}

/** Reads the body, reporting the share received when the size is known. */
async function readBody(response: Response, onProgress: (p: DownloadProgress) => void): Promise<Blob> {
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const parts: Uint8Array[] = [];
  let received = 0;
  onProgress({ phase: 'receiving', percent: total ? 0 : null });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    if (total)
      onProgress({ phase: 'receiving', percent: Math.min(100, Math.round((received * 100) / total)) });
  }
  return new Blob(parts as BlobPart[], { type: 'application/pdf' });
}

/**
 * Downloads a certificate's PDF. The call needs the bearer token, so a plain link cannot fetch
 * it: the PDF is fetched through the app's transport and handed to the browser as a file. Throws
 * an `Error` whose message is fit for a person (the server's reason when it refuses).
 */
export function downloadCertificate(
  target: CertificateTarget,
  onProgress: (progress: DownloadProgress) => void = () => {},
) {
  return async (_dispatch: unknown, _getState: unknown, transport: ApiTransport): Promise<string> => {
    const token = readToken();
    const request =
      target.type === 'course'
        ? endpointRequest('courseCertificatePdf', {
            params: { batchId: target.batchId },
            query: { type: 'course' },
          })
        : endpointRequest('moduleCertificatePdf', { body: { moduleId: target.moduleId } });
    const headers: Record<string, string> = { accept: 'application/pdf' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    onProgress({ phase: 'preparing' });
    let response: Response;
    try {
      response = await transport.fetch(`${transport.origin}${request.url}`, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
    } catch {
      throw new Error('The certificate could not be downloaded: check your connection and try again.');
    }
    if (!response.ok) throw new Error(await failureMessage(response));
    const blob = await readBody(response, onProgress);
    const fileName = fileNameOf(response, 'certificate.pdf');
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
    return fileName;
  };
}

/** After a download the server may have issued a certificate: refresh the lists. */
export const certificatesChanged = () => certificatesApi.util.invalidateTags([CERTIFICATES_TAG]);
