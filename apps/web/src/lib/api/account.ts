import type { BodyOf, OwnProfile, ResponseOf } from '@atelier/contract';
import { useCallback } from 'react';
import { clearSession, startSession } from '../session';
import { useAppDispatch, type AppDispatch } from '../store';
import { endpointRequest } from './paths';
import { accountApi, ME_TAG, rememberProfile } from './user-details';

/*
 * The identity calls (spec §7 "Auth" and "User"), one mutation each. A successful sign-in of any
 * kind starts the browser's session; an edit of the profile refreshes the cached and stored user.
 * Bodies are the contract's types; the server trims and normalises what a person typed.
 */

async function signedIn(
  dispatch: AppDispatch,
  queryFulfilled: Promise<{ data: ResponseOf<'authLogin'> }>,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    startSession(data);
    rememberProfile(dispatch, data.user);
  } catch {
    // the page shows the error
  }
}

async function edited(dispatch: AppDispatch, queryFulfilled: Promise<{ data: OwnProfile }>): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    rememberProfile(dispatch, data);
  } catch {
    // the page shows the error
  }
}

const accountEndpoints = accountApi.injectEndpoints({
  endpoints: (build) => ({
    checkAccount: build.mutation<ResponseOf<'authCheck'>, BodyOf<'authCheck'>>({
      query: (body) => endpointRequest('authCheck', { body }),
    }),
    login: build.mutation<ResponseOf<'authLogin'>, BodyOf<'authLogin'>>({
      query: (body) => endpointRequest('authLogin', { body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    register: build.mutation<ResponseOf<'authRegister'>, BodyOf<'authRegister'>>({
      query: (body) => endpointRequest('authRegister', { body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    sendOtp: build.mutation<ResponseOf<'authSendOtp'>, BodyOf<'authSendOtp'>>({
      query: (body) => endpointRequest('authSendOtp', { body }),
    }),
    verifyOtp: build.mutation<ResponseOf<'authVerifyOtp'>, BodyOf<'authVerifyOtp'>>({
      query: (body) => endpointRequest('authVerifyOtp', { body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    googleLogin: build.mutation<ResponseOf<'authGoogleLogin'>, BodyOf<'authGoogleLogin'>>({
      query: (body) => endpointRequest('authGoogleLogin', { body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    addPassword: build.mutation<ResponseOf<'authPasswordAdd'>, BodyOf<'authPasswordAdd'>>({
      query: (body) => endpointRequest('authPasswordAdd', { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          rememberProfile(dispatch, data.user);
        } catch {
          // the page shows the error
        }
      },
    }),
    /**
     * Sign-in after a checkout (`POST /api/auth/order/{id}/login` with the order's one-time token):
     * only for an account that checkout created (issue 14); starts the session like any sign-in.
     */
    orderLogin: build.mutation<ResponseOf<'authOrderLogin'>, { orderId: number; token: string }>({
      query: ({ orderId, token }) =>
        endpointRequest('authOrderLogin', { params: { id: String(orderId) }, body: { orderToken: token } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    logout: build.mutation<ResponseOf<'authLogout'>, void>({
      query: () => endpointRequest('authLogout'),
    }),
    updateProfile: build.mutation<ResponseOf<'userProfileUpdate'>, BodyOf<'userProfileUpdate'>>({
      query: (body) => endpointRequest('userProfileUpdate', { body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => edited(dispatch, queryFulfilled),
    }),
    updateOnboardingProfile: build.mutation<
      ResponseOf<'userOnboardingProfileUpdate'>,
      BodyOf<'userOnboardingProfileUpdate'>
    >({
      query: (body) => endpointRequest('userOnboardingProfileUpdate', { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          rememberProfile(dispatch, data.user);
        } catch {
          // the page shows the error
        }
      },
    }),
    uploadProfileImage: build.mutation<ResponseOf<'userProfileImageUpload'>, File>({
      query: (file) => {
        const form = new FormData();
        form.append('image', file, file.name);
        // Multipart: the table declares no JSON body for this call.
        return { ...endpointRequest('userProfileImageUpload'), body: form };
      },
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => edited(dispatch, queryFulfilled),
    }),
    updateUpi: build.mutation<ResponseOf<'userUpiUpdate'>, BodyOf<'userUpiUpdate'>>({
      query: (body) => endpointRequest('userUpiUpdate', { body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => edited(dispatch, queryFulfilled),
    }),
    rotateCalendarKey: build.mutation<ResponseOf<'userCalendarRotate'>, void>({
      query: () => endpointRequest('userCalendarRotate'),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => edited(dispatch, queryFulfilled),
    }),
  }),
});

export const {
  useCheckAccountMutation,
  useLoginMutation,
  useOrderLoginMutation,
  useRegisterMutation,
  useSendOtpMutation,
  useVerifyOtpMutation,
  useGoogleLoginMutation,
  useAddPasswordMutation,
  useUpdateProfileMutation,
  useUpdateOnboardingProfileMutation,
  useUploadProfileImageMutation,
  useUpdateUpiMutation,
  useRotateCalendarKeyMutation,
} = accountEndpoints;

/**
 * Logout (spec §4): revokes the session on the server (`POST /api/auth/logout`), then clears the
 * stored user, token, moderator flag, course/assessment ids and quiz progress keys. The browser
 * forgets the session even when the call fails (offline, or the session had already ended).
 */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const dispatch = useAppDispatch();
  const [callLogout, { isLoading }] = accountEndpoints.useLogoutMutation();
  const logout = useCallback(async () => {
    try {
      await callLogout().unwrap();
    } catch {
      // already signed out on the server, or unreachable: forget the session here regardless
    }
    clearSession();
    dispatch(accountApi.util.invalidateTags([ME_TAG]));
  }, [callLogout, dispatch]);
  return { logout, isLoggingOut: isLoading };
}
