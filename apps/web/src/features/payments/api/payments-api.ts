import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import type { ApiTransport } from '../../../lib/api/base-query';
import { endpointRequest } from '../../../lib/api/paths';
import { readToken } from '../../../lib/session';

/*
 * The commerce calls of the checkout (issue 14 "Calls"), typed from the contract's endpoint table.
 * Money-moving calls (`…initiate`) carry an `Idempotency-Key` header: one key per attempt, the
 * same key when the same attempt is retried (see ../checkout/use-provider-checkout.ts).
 *
 * Answers that depend on who asks (coins, the success page) are keyed by the signed-in user's id
 * (0 = a visitor), so a sign-in in the same visit never reuses another caller's answer.
 */

/** A money-moving call's body with the attempt's idempotency key. */
export interface KeyedBody<B> {
  body: B;
  idempotencyKey: string;
}

const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkoutDetails: build.query<
      ResponseOf<'checkoutDetails'>,
      { batchId: number; userId: number; couponCode?: string }
    >({
      query: ({ batchId, couponCode }) =>
        endpointRequest('checkoutDetails', { body: { batchId, ...(couponCode ? { couponCode } : {}) } }),
      // Prices, seats and coins change: never serve a checkout from an old visit.
      keepUnusedDataFor: 0,
    }),
    /** The coupon preview (`POST /api/coupon/claim`): applied with its discount, or why not. */
    couponPreview: build.query<ResponseOf<'couponClaim'>, { code: string; batchId: number; userId: number }>({
      query: ({ code, batchId }) => endpointRequest('couponClaim', { body: { code, batchId } }),
      keepUnusedDataFor: 0,
    }),
    addGuest: build.mutation<ResponseOf<'paymentAddUser'>, BodyOf<'paymentAddUser'>>({
      query: (body) => endpointRequest('paymentAddUser', { body }),
    }),
    initiatePayment: build.mutation<ResponseOf<'paymentInitiate'>, KeyedBody<BodyOf<'paymentInitiate'>>>({
      query: ({ body, idempotencyKey }) => ({
        ...endpointRequest('paymentInitiate', { body }),
        ...keyed(idempotencyKey),
      }),
    }),
    verifyPayment: build.mutation<
      ResponseOf<'paymentVerify'>,
      { orderId: number; body: BodyOf<'paymentVerify'> }
    >({
      query: ({ orderId, body }) => endpointRequest('paymentVerify', { params: { id: orderId }, body }),
    }),
    cancelOrder: build.mutation<ResponseOf<'paymentCancel'>, { orderId: number; checkoutId?: string }>({
      query: ({ orderId, checkoutId }) =>
        endpointRequest('paymentCancel', {
          params: { id: orderId },
          body: checkoutId ? { checkoutId } : {},
        }),
    }),
    sandboxCheckout: build.mutation<ResponseOf<'paymentSandboxCheckout'>, BodyOf<'paymentSandboxCheckout'>>({
      query: (body) => endpointRequest('paymentSandboxCheckout', { body }),
    }),
    orderSuccess: build.query<
      ResponseOf<'orderSuccess'>,
      { orderId: number; token: string | null; userId: number }
    >({
      query: ({ orderId, token }) =>
        endpointRequest('orderSuccess', { params: { id: orderId }, query: token ? { token } : {} }),
      keepUnusedDataFor: 0,
    }),
    instalment: build.query<ResponseOf<'instalment'>, { id: number; userId: number }>({
      query: ({ id }) => endpointRequest('instalment', { params: { id } }),
      keepUnusedDataFor: 0,
    }),
    initiateInstalment: build.mutation<
      ResponseOf<'instalmentInitiate'>,
      KeyedBody<BodyOf<'instalmentInitiate'>>
    >({
      query: ({ body, idempotencyKey }) => ({
        ...endpointRequest('instalmentInitiate', { body }),
        ...keyed(idempotencyKey),
      }),
    }),
    paymentLink: build.query<ResponseOf<'paymentLink'>, string>({
      query: (linkToken) => endpointRequest('paymentLink', { params: { linkToken } }),
      keepUnusedDataFor: 0,
    }),
    // Pays the list price wholly with coins: the order is paid at once (no provider step).
    initiateCoinsPayment: build.mutation<ResponseOf<'coinsPayment'>, KeyedBody<BodyOf<'coinsPayment'>>>({
      query: ({ body, idempotencyKey }) => ({
        ...endpointRequest('coinsPayment', { body }),
        ...keyed(idempotencyKey),
      }),
    }),
    /** The competition whose entry fee is paid (`GET /api/competition/{id}/details`). */
    competitionToPay: build.query<ResponseOf<'competitionDetails'>, number>({
      query: (id) => endpointRequest('competitionDetails', { params: { id } }),
      keepUnusedDataFor: 0,
    }),
    /** A paid competition's registration: its order (`POST /api/competition/payment/initiate`). */
    initiateCompetitionPayment: build.mutation<
      ResponseOf<'competitionPayment'>,
      KeyedBody<BodyOf<'competitionPayment'>>
    >({
      query: ({ body, idempotencyKey }) => ({
        ...endpointRequest('competitionPayment', { body }),
        ...keyed(idempotencyKey),
      }),
    }),
    /** The consultation packages, to show the one being bought (`GET /api/consultation/1/service/package`). */
    consultationPackagesToPay: build.query<ResponseOf<'consultationPackages'>, void>({
      // Service 1: the design consultation, the one service the platform offers.
      query: () => endpointRequest('consultationPackages', { params: { serviceId: 1 } }),
    }),
    /** A consultation package's order (`POST /api/consultation/payment/initiate`). */
    initiateConsultationPayment: build.mutation<
      ResponseOf<'consultationPayment'>,
      KeyedBody<BodyOf<'consultationPayment'>>
    >({
      query: ({ body, idempotencyKey }) => ({
        ...endpointRequest('consultationPayment', { body }),
        ...keyed(idempotencyKey),
      }),
    }),
    initiateCustomPayment: build.mutation<ResponseOf<'customPayment'>, KeyedBody<BodyOf<'customPayment'>>>({
      query: ({ body, idempotencyKey }) => ({
        ...endpointRequest('customPayment', { body }),
        ...keyed(idempotencyKey),
      }),
    }),
  }),
});

export const {
  useCheckoutDetailsQuery,
  useCouponPreviewQuery,
  useAddGuestMutation,
  useInitiatePaymentMutation,
  useVerifyPaymentMutation,
  useCancelOrderMutation,
  useSandboxCheckoutMutation,
  useOrderSuccessQuery,
  useInstalmentQuery,
  useInitiateInstalmentMutation,
  usePaymentLinkQuery,
  useInitiateCustomPaymentMutation,
  useInitiateCoinsPaymentMutation,
  useCompetitionToPayQuery,
  useInitiateCompetitionPaymentMutation,
  useConsultationPackagesToPayQuery,
  useInitiateConsultationPaymentMutation,
} = paymentsApi;

/**
 * Downloads an order's invoice (`GET /api/order/{id}/invoice`, a PDF for its owner). The call
 * needs the bearer token, so a plain link cannot fetch it: the PDF is fetched through the app's
 * transport and handed to the browser as a file.
 */
export function downloadInvoice(orderId: number) {
  return async (_dispatch: unknown, _getState: unknown, transport: ApiTransport): Promise<void> => {
    const token = readToken();
    const { url } = endpointRequest('orderInvoice', { params: { id: orderId } });
    const headers: Record<string, string> = { accept: 'application/pdf' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await transport.fetch(`${transport.origin}${url}`, { headers });
    if (!response.ok) throw new Error(`The invoice could not be downloaded (${response.status}).`);
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = `atelier-invoice-${orderId}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
  };
}
