import '../api/admin-addresses';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { adminEndpointPaths } from '@atelier/contract';
import type { ApiTransport } from '../../../lib/api/base-query';
import { prepareHeaders } from '../../../lib/api/base-query';
import { apiPath } from '../../../lib/api/paths';
import { attachmentName } from '../components/export-csv';

/**
 * Downloads an order's tax invoice (`GET /api/admin/orders/{id}/invoice`, a PDF): fetched with the
 * bearer token like every call, saved under the server's file name. Rejects with a sentence to show.
 */
export function openInvoice(
  orderId: number,
): ThunkAction<Promise<void>, unknown, ApiTransport, UnknownAction> {
  return async (_dispatch, _getState, transport) => {
    const url = apiPath(adminEndpointPaths.adminOrderInvoice.path, { id: orderId });
    const { headers } = prepareHeaders(new Headers(), {});
    headers.set('accept', 'application/pdf');
    let response: Response;
    try {
      response = await transport.fetch(`${transport.origin}${url}`, { headers });
    } catch {
      throw new Error('The invoice could not be opened. Check the connection and try again.');
    }
    if (response.status === 404) throw new Error('This order has no invoice: it was not paid.');
    if (!response.ok) throw new Error(`The invoice could not be opened (${response.status}). Try again.`);
    const blob = await response.blob();
    if (typeof URL.createObjectURL === 'function') {
      // A download, not a new tab: a tab opened after the fetch would meet the popup blocker.
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = attachmentName(response.headers.get('content-disposition'), `invoice-${orderId}.pdf`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    }
  };
}
