import { greeting } from '@atelier/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';
import { greetingLine, localTimeZone } from './greeting';

describe('greeting (spec §2, §9: morning 0-11, afternoon 12-16, evening otherwise)', () => {
  it.each([
    ['2026-11-22T03:30:00Z', 'Good morning, Asha'], // 09:00 in Kolkata
    ['2026-11-22T06:29:00Z', 'Good morning, Asha'], // 11:59
    ['2026-11-22T06:30:00Z', 'Good afternoon, Asha'], // 12:00
    ['2026-11-22T11:29:00Z', 'Good afternoon, Asha'], // 16:59
    ['2026-11-22T11:30:00Z', 'Good evening, Asha'], // 17:00
    ['2026-11-21T18:30:00Z', 'Good morning, Asha'], // 00:00
  ])('at %s, then the greeting reads "%s"', (instant, expected) => {
    expect(greetingLine('Asha Rao', new Date(instant), 'Asia/Kolkata')).toBe(expected);
  });

  it('when the user has no name yet, then the greeting has none', () => {
    expect(greetingLine(null, new Date('2026-11-22T13:00:00Z'), 'Asia/Kolkata')).toBe('Good evening');
  });
});

describe('/dashboard/profile', () => {
  it('when it opens, then it greets the learner by time of day and shows coins, referral code and the hidden calendar key', async () => {
    storeSession();
    const user = userEvent.setup();
    renderApp(
      '/dashboard/profile',
      scriptedApi({
        'GET /api/user/v2/details': { data: learner },
        'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      }).fetch,
    );

    const expected = `Good ${greeting(new Date(), localTimeZone())}, Asha`;
    expect(await screen.findByRole('heading', { level: 1, name: expected })).toBeTruthy();
    const account = screen.getByRole('complementary', { name: 'Your account' });
    expect(within(account).getByText('350')).toBeTruthy();
    expect(within(account).getByText('ATLASH007')).toBeTruthy();
    expect(within(account).getByText(/Student/)).toBeTruthy();

    const key = learner.secretKey!;
    expect(screen.queryByText(key)).toBeNull();
    expect(screen.getByText(`••••••••••••${key.slice(-4)}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show calendar key' }));
    expect(screen.getByText(key)).toBeTruthy();

    // The subscribe links carry the private feed address (issue 15, calendar).
    const feed = `${window.location.origin}/api/calendar/${key}.ics`.replace(/^https?:/, 'webcal:');
    expect(screen.getByRole('link', { name: 'Apple Calendar' }).getAttribute('href')).toBe(feed);
    expect(screen.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(feed)}`,
    );
  });

  it('when details are edited, then only the changed fields are sent, and a rejected link shows its message beside the field', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      'POST /api/user/profile/update': (body) =>
        (body as { instagram?: string }).instagram
          ? apiError(400, 'VALIDATION_FAILED', 'The request body is invalid', [
              { path: 'instagram', message: 'must be an https://instagram.com/… link' },
            ])
          : { data: { ...learner, ...(body as object) } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/profile', api.fetch);

    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Mumbai');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.callsTo('POST /api/user/profile/update')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/profile/update')[0]?.body).toEqual({ city: 'Mumbai' });
    expect(await screen.findByText('Saved.')).toBeTruthy();

    const instagram = screen.getByLabelText(/^Instagram/);
    await user.type(instagram, 'instagram.com/asha');
    await user.click(screen.getByRole('button', { name: 'Save links' }));
    await waitFor(() => expect(instagram.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Instagram link must be an https://instagram.com/… link.')).toBeTruthy();
    expect((instagram as HTMLInputElement).value).toBe('instagram.com/asha');
    // The browser refused the link with the contract's own schema: nothing more was sent.
    expect(api.callsTo('POST /api/user/profile/update')).toHaveLength(1);
  });

  it('when the picture is too large or not an image, then it says so before uploading', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      'POST /api/auth/check': { data: { exists: true, hasPassword: false } },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/dashboard/profile', api.fetch);

    const input = await screen.findByLabelText('Add a picture');
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose a JPEG, PNG or WebP picture.');

    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect((await screen.findByRole('alert')).textContent).toContain('the limit is 5 MB');
    expect(api.callsTo('POST /api/user/profile/image/upload')).toHaveLength(0);
  });
});

describe('notification choices on /dashboard/profile (issue 16)', () => {
  const preferences = {
    instalmentRemindersEmail: true,
    instalmentRemindersSms: true,
    sessionRemindersEmail: true,
    sessionRemindersSms: false,
    tripUpdatesEmail: true,
    achievementsEmail: true,
    marketingEmail: true,
    adMeasurement: false,
  };

  it('when the learner switches choices and saves, then only the changes are sent and it says saved; always-sent kinds cannot be switched', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      'GET /api/user/notification/preferences': {
        data: { preferences, alwaysSent: ['otp', 'payment-receipt'] },
      },
      'POST /api/user/notification/preferences': (body) => ({
        data: {
          preferences: { ...preferences, ...(body as object) },
          alwaysSent: ['otp', 'payment-receipt'],
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/profile', api.fetch);

    const section = await screen.findByRole('region', { name: 'Notifications' });
    const marketing = await within(section).findByRole('checkbox', {
      name: 'E-mail for newsletters and offers',
    });
    expect((marketing as HTMLInputElement).checked).toBe(true);
    const sms = within(section).getByRole('checkbox', { name: 'SMS for session reminders' });
    expect((sms as HTMLInputElement).checked).toBe(false);
    const always = within(section).getByRole('checkbox', { name: 'E-mail for messages always sent' });
    expect((always as HTMLInputElement).checked).toBe(true);
    expect((always as HTMLInputElement).disabled).toBe(true);
    expect(within(section).getByText(/Sign-in codes, payment receipts/)).toBeTruthy();

    await user.click(marketing);
    await user.click(sms);
    await user.click(within(section).getByRole('button', { name: 'Save notification choices' }));

    await waitFor(() => expect(api.callsTo('POST /api/user/notification/preferences')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/notification/preferences')[0]?.body).toEqual({
      marketingEmail: false,
      sessionRemindersSms: true,
    });
    expect(await within(section).findByText('Saved.')).toBeTruthy();
    expect((marketing as HTMLInputElement).checked).toBe(false);
  });

  it('when saving fails, then it says so and the learner’s choices stay on screen', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: learner },
      'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      'GET /api/user/notification/preferences': {
        data: { preferences, alwaysSent: ['otp', 'payment-receipt'] },
      },
      'POST /api/user/notification/preferences': apiError(500, 'INTERNAL', 'Boom'),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/profile', api.fetch);

    const section = await screen.findByRole('region', { name: 'Notifications' });
    const trips = await within(section).findByRole('checkbox', { name: 'E-mail for trip applications' });
    await user.click(trips);
    await user.click(within(section).getByRole('button', { name: 'Save notification choices' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('Your choices were not saved.');
    expect((trips as HTMLInputElement).checked).toBe(false);
  });
});
