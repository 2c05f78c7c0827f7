import '../api/admin-addresses';
import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';
import { adminListUrl, type AdminListParams } from '../api/admin-api';

/*
 * The console's money calls (issue 17 point 5), injected with the console's chunk. Lists are keyed
 * by their whole query and kept briefly (`AdminMoney` tag); a refund, a coupon or a link saved
 * refetches the lists and the order page (nothing is changed optimistically).
 */

const moneyApi = api.enhanceEndpoints({ addTagTypes: ['AdminMoney'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<ResponseOf<'adminOrders'>, AdminListParams>({
      query: (params) => adminListUrl('adminOrders', params),
      providesTags: ['AdminMoney'],
      keepUnusedDataFor: 30,
    }),
    getAdminOrder: build.query<ResponseOf<'adminOrder'>, number>({
      query: (id) => endpointRequest('adminOrder', { params: { id } }),
      providesTags: ['AdminMoney'],
      keepUnusedDataFor: 0,
    }),
    /** `POST /api/admin/orders/{id}/refund`: the dialog's key makes a repeat the same refund. */
    refundAdminOrder: build.mutation<
      ResponseOf<'adminOrderRefund'>,
      { id: number; body: BodyOf<'adminOrderRefund'> }
    >({
      query: ({ id, body }) => endpointRequest('adminOrderRefund', { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminMoney']),
    }),
    getAdminCoupons: build.query<ResponseOf<'adminCoupons'>, AdminListParams>({
      query: (params) => adminListUrl('adminCoupons', params),
      providesTags: ['AdminMoney'],
      keepUnusedDataFor: 30,
    }),
    getAdminCouponClaims: build.query<
      ResponseOf<'adminCouponClaims'>,
      { id: number; status?: 'reserved' | 'used' | 'released' }
    >({
      query: ({ id, status }) =>
        endpointRequest('adminCouponClaims', { params: { id }, query: { pageSize: 100, status } }),
      providesTags: ['AdminMoney'],
      keepUnusedDataFor: 0,
    }),
    createAdminCoupon: build.mutation<ResponseOf<'adminCouponCreate'>, BodyOf<'adminCouponCreate'>>({
      query: (body) => endpointRequest('adminCouponCreate', { body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminMoney']),
    }),
    updateAdminCoupon: build.mutation<
      ResponseOf<'adminCouponUpdate'>,
      { id: number; body: BodyOf<'adminCouponUpdate'> }
    >({
      query: ({ id, body }) => endpointRequest('adminCouponUpdate', { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminMoney']),
    }),
    getAdminPaymentLinks: build.query<ResponseOf<'adminPaymentLinks'>, AdminListParams>({
      query: (params) => adminListUrl('adminPaymentLinks', params),
      providesTags: ['AdminMoney'],
      keepUnusedDataFor: 30,
    }),
    createAdminPaymentLink: build.mutation<
      ResponseOf<'adminPaymentLinkCreate'>,
      BodyOf<'adminPaymentLinkCreate'>
    >({
      query: (body) => endpointRequest('adminPaymentLinkCreate', { body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminMoney']),
    }),
    getAdminInstalmentPlans: build.query<ResponseOf<'adminInstalmentPlans'>, AdminListParams>({
      query: (params) => adminListUrl('adminInstalmentPlans', params),
      providesTags: ['AdminMoney'],
      keepUnusedDataFor: 30,
    }),
    getAdminInvoices: build.query<ResponseOf<'adminInvoices'>, AdminListParams>({
      query: (params) => adminListUrl('adminInvoices', params),
      providesTags: ['AdminMoney'],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useRefundAdminOrderMutation,
  useGetAdminCouponsQuery,
  useGetAdminCouponClaimsQuery,
  useCreateAdminCouponMutation,
  useUpdateAdminCouponMutation,
  useGetAdminPaymentLinksQuery,
  useCreateAdminPaymentLinkMutation,
  useGetAdminInstalmentPlansQuery,
  useGetAdminInvoicesQuery,
} = moneyApi;
