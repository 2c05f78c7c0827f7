import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from './base-api';
import { endpointRequest } from './paths';

/*
 * The learner's money calls (issue 14): pending payments, enrolled courses, the coins wallet and
 * referrals. One slice with two tags: a payout request or a code entered refreshes both the
 * wallet and the referral overview (a hold moves coins, a referral may credit a bonus).
 */

export const WALLET_TAG = 'Wallet' as const;
export const REFERRAL_TAG = 'Referral' as const;

const moneyApi = api.enhanceEndpoints({ addTagTypes: [WALLET_TAG, REFERRAL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/user/pending/payment/notification`: courses with instalments left, earliest due first. */
    getPendingPayments: build.query<ResponseOf<'pendingPayments'>, number>({
      query: () => endpointRequest('pendingPayments'),
      keepUnusedDataFor: 30,
    }),
    /** `GET /api/user/profile/courses`: enrolled and suggested courses (a new purchase at once). */
    getProfileCourses: build.query<ResponseOf<'profileCourses'>, number>({
      query: () => endpointRequest('profileCourses'),
      keepUnusedDataFor: 30,
    }),
    /** `GET /api/user/{id}/wallet/courses` (own id): balance, enrolled courses, the ledger. */
    getWalletCourses: build.query<ResponseOf<'walletCourses'>, number>({
      query: (id) => endpointRequest('walletCourses', { params: { id } }),
      providesTags: [WALLET_TAG],
      keepUnusedDataFor: 30,
    }),
    /** `POST /api/user/wallet/update { isCoinPopupSeen }`. */
    updateWallet: build.mutation<
      ResponseOf<'walletUpdate'>,
      { userId: number; body: BodyOf<'walletUpdate'> }
    >({
      query: ({ body }) => endpointRequest('walletUpdate', { body }),
      async onQueryStarted({ userId, body }, { dispatch, queryFulfilled }) {
        // The popup must not come back while the call runs (or if it fails: it is a courtesy).
        const patch = dispatch(
          moneyApi.util.updateQueryData('getWalletCourses', userId, (draft) => {
            draft.user.CoinsWallet.isCoinPopupSeen = body.isCoinPopupSeen;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            moneyApi.util.updateQueryData('getWalletCourses', userId, (draft) => {
              draft.user.CoinsWallet = data;
            }),
          );
        } catch {
          void patch; // keep the optimistic value: the popup stays closed for this visit
        }
      },
    }),
    /** `GET /api/user/referral/{id}/courses` (own id). */
    getReferralOverview: build.query<ResponseOf<'referralOverview'>, number>({
      query: (id) => endpointRequest('referralOverview', { params: { id } }),
      providesTags: [REFERRAL_TAG],
      keepUnusedDataFor: 30,
    }),
    /** `POST /api/referral/claim/form { coins, upiId }`: holds the coins until staff settle it. */
    claimPayout: build.mutation<ResponseOf<'referralClaimForm'>, BodyOf<'referralClaimForm'>>({
      query: (body) => endpointRequest('referralClaimForm', { body }),
      invalidatesTags: (result) => (result ? [WALLET_TAG, REFERRAL_TAG] : []),
    }),
    /** `POST /api/user/referred { referCode }`: once per learner, before their first paid order. */
    enterReferralCode: build.mutation<ResponseOf<'userReferred'>, BodyOf<'userReferred'>>({
      query: (body) => endpointRequest('userReferred', { body }),
      invalidatesTags: (result) => (result ? [WALLET_TAG, REFERRAL_TAG] : []),
    }),
  }),
});

export const {
  useGetPendingPaymentsQuery,
  useGetProfileCoursesQuery,
  useGetWalletCoursesQuery,
  useUpdateWalletMutation,
  useGetReferralOverviewQuery,
  useClaimPayoutMutation,
  useEnterReferralCodeMutation,
} = moneyApi;
