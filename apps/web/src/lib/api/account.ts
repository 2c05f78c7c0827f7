import type {
  AuthCheckBody,
  AuthCheckResult,
  AuthSession,
  GoogleLoginBody,
  LoginBody,
  OnboardingProfileUpdateBody,
  OnboardingResult,
  OtpSent,
  PasswordAddBody,
  Profile,
  ProfileUpdateBody,
  RegisterBody,
  SendOtpBody,
  SignInResult,
  UpiUpdateBody,
  VerifyOtpBody,
} from '@atelier/contract';
import { endpoints } from '@atelier/contract';
import { useCallback } from 'react';
import { clearSession, startSession } from '../session';
import { useAppDispatch, type AppDispatch } from '../store';
import { accountApi, ME_TAG, rememberProfile } from './user-details';

/*
 * The identity calls (spec §7 "Auth" and "User"), one mutation each. A successful sign-in of any
 * kind starts the browser's session; an edit of the profile refreshes the cached and stored user.
 * Bodies are the contract's types; the server trims and normalises what a person typed.
 */

async function signedIn(dispatch: AppDispatch, queryFulfilled: Promise<{ data: AuthSession }>): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    startSession(data);
    rememberProfile(dispatch, data.user);
  } catch {
    // the page shows the error
  }
}

async function edited(dispatch: AppDispatch, queryFulfilled: Promise<{ data: Profile }>): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    rememberProfile(dispatch, data);
  } catch {
    // the page shows the error
  }
}

const post = (path: string, body?: unknown) => ({ url: path, method: 'POST' as const, ...(body === undefined ? {} : { body }) });

const accountEndpoints = accountApi.injectEndpoints({
  endpoints: (build) => ({
    checkAccount: build.mutation<AuthCheckResult, AuthCheckBody>({
      query: (body) => post(endpoints.authCheck.path, body),
    }),
    login: build.mutation<AuthSession, LoginBody>({
      query: (body) => post(endpoints.authLogin.path, body),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    register: build.mutation<AuthSession, RegisterBody>({
      query: (body) => post(endpoints.authRegister.path, body),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    sendOtp: build.mutation<OtpSent, SendOtpBody>({
      query: (body) => post(endpoints.authSendOtp.path, body),
    }),
    verifyOtp: build.mutation<SignInResult, VerifyOtpBody>({
      query: (body) => post(endpoints.authVerifyOtp.path, body),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    googleLogin: build.mutation<SignInResult, GoogleLoginBody>({
      query: (body) => post(endpoints.authGoogleLogin.path, body),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signedIn(dispatch, queryFulfilled),
    }),
    addPassword: build.mutation<{ user: Profile }, PasswordAddBody>({
      query: (body) => post(endpoints.authPasswordAdd.path, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          rememberProfile(dispatch, data.user);
        } catch {
          // the page shows the error
        }
      },
    }),
    logout: build.mutation<{ loggedOut: true }, void>({
      query: () => post(endpoints.authLogout.path),
    }),
    updateProfile: build.mutation<Profile, ProfileUpdateBody>({
      query: (body) => post(endpoints.userProfileUpdate.path, body),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => edited(dispatch, queryFulfilled),
    }),
    updateOnboardingProfile: build.mutation<OnboardingResult, OnboardingProfileUpdateBody>({
      query: (body) => post(endpoints.userOnboardingProfileUpdate.path, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          rememberProfile(dispatch, data.user);
        } catch {
          // the page shows the error
        }
      },
    }),
    uploadProfileImage: build.mutation<Profile, File>({
      query: (file) => {
        const form = new FormData();
        form.append('image', file, file.name);
        return post(endpoints.userProfileImageUpload.path, form);
      },
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => edited(dispatch, queryFulfilled),
    }),
    updateUpi: build.mutation<Profile, UpiUpdateBody>({
      query: (body) => post(endpoints.userUpiUpdate.path, body),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => edited(dispatch, queryFulfilled),
    }),
    rotateCalendarKey: build.mutation<Profile, void>({
      query: () => post(endpoints.userCalendarRotate.path),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => edited(dispatch, queryFulfilled),
    }),
  }),
});

export const {
  useCheckAccountMutation,
  useLoginMutation,
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
