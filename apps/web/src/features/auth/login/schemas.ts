import {
  AuthCheckBodySchema,
  LoginBodySchema,
  PasswordAddBodySchema,
  RegisterBodySchema,
  SendOtpBodySchema,
  VerifyOtpBodySchema,
  type OtpPurpose,
  type RegisterBody,
} from '@atelier/contract';
import { z } from 'zod';
import { reportBodyIssues, type BodyField } from '../../../lib/forms';
import { toIdentifier, type Identifier, type SignupDraft } from './machine';

/*
 * The form of each step, checked with the contract's schema for the body that step sends: the
 * browser refuses what the server would refuse, in the same words, before anything is sent.
 * Empty required fields get a plain "Enter your …" instead.
 */

function required(ctx: z.RefinementCtx, field: string, value: string, message: string): boolean {
  if (value.trim() !== '') return false;
  ctx.addIssue({ code: 'custom', path: [field], message });
  return true;
}

export interface IdentifierForm {
  identifier: string;
}

/** The one box for an e-mail address or a mobile number: the API's `email`/`mobile` land on it. */
export const identifierFields: Record<string, BodyField<IdentifierForm>> = {
  email: { field: 'identifier', label: 'E-mail address' },
  mobile: { field: 'identifier', label: 'Mobile number' },
};

/** identify: `POST /api/auth/check`. */
export const identifySchema: z.ZodType<IdentifierForm, IdentifierForm> = z
  .object({ identifier: z.string() })
  .superRefine((form, ctx) => {
    if (required(ctx, 'identifier', form.identifier, 'Enter your e-mail address or mobile number.')) return;
    reportBodyIssues(AuthCheckBodySchema, toIdentifier(form.identifier), ctx, identifierFields);
  });

/** forgot: `POST /api/auth/send/otp` with purpose `reset`. */
export const forgotSchema: z.ZodType<IdentifierForm, IdentifierForm> = z
  .object({ identifier: z.string() })
  .superRefine((form, ctx) => {
    if (required(ctx, 'identifier', form.identifier, 'Enter your e-mail address or mobile number.')) return;
    reportBodyIssues(
      SendOtpBodySchema,
      { ...toIdentifier(form.identifier), purpose: 'reset' },
      ctx,
      identifierFields,
    );
  });

export interface PasswordForm {
  password: string;
}

export const passwordFields: Record<string, BodyField<PasswordForm>> = {
  password: { field: 'password', label: 'Password' },
};

/** password: `POST /api/auth/login` for the identifier given on the first step. */
export function passwordSchema(identifier: string): z.ZodType<PasswordForm, PasswordForm> {
  return z.object({ password: z.string() }).superRefine((form, ctx) => {
    if (form.password === '') {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password.' });
      return;
    }
    reportBodyIssues(
      LoginBodySchema,
      { ...toIdentifier(identifier), password: form.password },
      ctx,
      passwordFields,
    );
  });
}

/** new-password: `POST /api/auth/password/add`. */
export const newPasswordSchema: z.ZodType<PasswordForm, PasswordForm> = z
  .object({ password: z.string() })
  .superRefine((form, ctx) => {
    reportBodyIssues(PasswordAddBodySchema, { password: form.password }, ctx, passwordFields);
  });

export interface OtpForm {
  otp: string;
}

const otpFields: Record<string, BodyField<OtpForm>> = {
  otp: { field: 'otp', label: 'Code', message: 'Enter the 6-digit code from the message.' },
};

/** otp: `POST /api/auth/verify-otp` for the address or number the code went to. */
export function otpSchema(target: Identifier, purpose: OtpPurpose): z.ZodType<OtpForm, OtpForm> {
  return z.object({ otp: z.string() }).superRefine((form, ctx) => {
    reportBodyIssues(VerifyOtpBodySchema, { ...target, otp: form.otp.trim(), purpose }, ctx, otpFields);
  });
}

export const signupFields: Record<string, BodyField<SignupDraft>> = {
  name: { field: 'name', label: 'Name' },
  email: { field: 'email', label: 'E-mail address' },
  mobile: { field: 'mobile', label: 'Mobile number' },
  password: { field: 'password', label: 'Password' },
};

/** The body of `POST /api/auth/register` from the sign-up form (no password when left empty). */
export function registerBody(form: SignupDraft): RegisterBody {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    mobile: form.mobile.trim(),
    ...(form.password !== '' ? { password: form.password } : {}),
  };
}

/** signup: `POST /api/auth/register` (or, without a password, a code to the e-mail address). */
export const signupSchema: z.ZodType<SignupDraft, SignupDraft> = z
  .object({ name: z.string(), email: z.string(), mobile: z.string(), password: z.string() })
  .superRefine((form, ctx) => {
    const missing = new Set<string>();
    if (required(ctx, 'name', form.name, 'Enter your full name.')) missing.add('name');
    if (required(ctx, 'email', form.email, 'Enter your e-mail address.')) missing.add('email');
    if (required(ctx, 'mobile', form.mobile, 'Enter your mobile number.')) missing.add('mobile');
    reportBodyIssues(RegisterBodySchema, registerBody(form), ctx, signupFields, missing);
  });
