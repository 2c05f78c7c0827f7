import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ApiTransport } from '../../../lib/api/base-query';
import { prepareHeaders } from '../../../lib/api/base-query';
import { adminListUrl, type AdminListEndpoint, type AdminListParams } from '../api/admin-api';

/** The file name the server gave (`Content-Disposition: attachment; filename="leads.csv"`), or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads the whole filtered list as CSV: the same query with `format=csv` (every page, so no
 * `page`), sent with the bearer token like every call, saved under the server's file name.
 * Resolves to the file name, or rejects with a sentence for the page to show.
 */
export function exportCsv(
  name: AdminListEndpoint,
  params: AdminListParams,
  fallbackName: string,
): ThunkAction<Promise<string>, unknown, ApiTransport, UnknownAction> {
  return async (_dispatch, _getState, transport) => {
    const { page: _page, pageSize: _size, ...rest } = params;
    const url = adminListUrl(name, { ...rest, format: 'csv' });
    const { headers } = prepareHeaders(new Headers(), {});
    headers.set('accept', 'text/csv');
    let response: Response;
    try {
      response = await transport.fetch(`${transport.origin}${url}`, { headers });
    } catch {
      throw new Error('The export could not be downloaded. Check the connection and try again.');
    }
    if (!response.ok) throw new Error(`The export failed (${response.status}). Try again.`);
    const blob = await response.blob();
    const fileName = attachmentName(response.headers.get('content-disposition'), fallbackName);
    if (typeof URL.createObjectURL === 'function') {
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    }
    return fileName;
  };
}
