import type { TripApplication, TripDetails } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { everyPageAnswers, fakeApi } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { UTM_STORAGE_KEY } from '../../lib/utm';

const trip: TripDetails = {
  id: 5,
  title: 'Chandigarh: Le Corbusier’s city',
  slug: 'chandigarh',
  path: '/trip/chandigarh?id=5',
  location: 'Chandigarh, India',
  startDate: '2027-02-10',
  endDate: '2027-02-14',
  days: 5,
  price: 45000,
  dollar: 549,
  thumbnail: null,
  summary: 'Five days in the Capitol Complex and the sectors.',
  highlights: ['Capitol Complex'],
  itinerary: [{ day: 1, title: 'Arrival', description: 'Walk of Sector 17.' }],
  inclusions: ['Stay'],
  exclusions: ['Flights'],
  seats: 16,
};

describe('trip page', () => {
  it('when a visitor applies for the trip, then the login link brings them back to this trip with next=', async () => {
    renderApp(trip.path, fakeApi({ ...everyPageAnswers, '/api/trip/5/details': trip }).fetch);

    const apply = await screen.findByRole('link', { name: 'Sign in to apply' });
    expect(apply.getAttribute('href')).toBe(
      `/auth/login?next=${encodeURIComponent('/trip/chandigarh?id=5')}`,
    );
  });
});

function applicationOf(fields: Partial<TripApplication['fields']>, status: TripApplication['status']) {
  return {
    id: 41,
    tripId: 5,
    status,
    editable: status === 'submitted',
    fields: {
      mobile: '+91 9876500001',
      city: 'Pune',
      iam: 'student' as const,
      institution: 'Pune Institute of Architecture',
      motivation: 'I want to draw the Capitol Complex in person.',
      emergencyContactName: 'Meera Rao',
      emergencyContactMobile: '+91 9876500002',
      ...fields,
    },
    reviewNote: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    Trip: {
      id: 5,
      title: trip.title,
      slug: 'chandigarh',
      path: trip.path,
      startDate: trip.startDate,
      endDate: trip.endDate,
    },
  } satisfies TripApplication;
}

describe('trip applications on the trip page (issue 16)', () => {
  it('when a signed-in learner applies, then the form sends the fields with consent and the visit’s UTM, and the page shows the status', async () => {
    storeSession();
    // The visit landed from a campaign earlier (lib/utm keeps it for the visit).
    window.sessionStorage.setItem(
      UTM_STORAGE_KEY,
      JSON.stringify({ utmSource: 'instagram', utmCampaign: 'trips-2026', utmContent: 'reel' }),
    );
    let current: TripApplication | null = null;
    const api = scriptedApi({
      'GET /api/trip/5/details': { data: trip },
      'POST /api/trips/application/details': () => ({ data: { application: current } }),
      'POST /api/trips/application/add': (body) => {
        const {
          tripId: _t,
          consent: _c,
          utmSource: _s,
          utmCampaign: _cp,
          ...fields
        } = body as Record<string, string>;
        current = applicationOf(fields, 'submitted');
        return { data: current };
      },
    });
    const user = userEvent.setup();
    renderApp(trip.path, api.fetch);

    await user.click(await screen.findByRole('button', { name: 'Apply for this trip' }));
    const dialog = await screen.findByRole('dialog', { name: trip.title });
    // The learner's profile fills what it knows.
    expect(within(dialog).getByLabelText<HTMLInputElement>('City you live in').value).toBe('Pune');

    // Too short a motivation and no consent: refused in the browser, beside the fields.
    await user.type(within(dialog).getByLabelText(/^Why this trip/), 'To see it');
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(await within(dialog).findByText(/Why this trip\? must be at least 20 characters/)).toBeTruthy();
    expect(within(dialog).getByText('Tick the box to agree before sending the application.')).toBeTruthy();
    expect(api.callsTo('POST /api/trips/application/add')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Why this trip/), ' Le Corbusier built with my own eyes.');
    await user.type(within(dialog).getByLabelText('Emergency contact’s name'), 'Meera Rao');
    await user.type(within(dialog).getByLabelText('Emergency contact’s mobile'), '9876500002');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));

    await waitFor(() => expect(api.callsTo('POST /api/trips/application/add')).toHaveLength(1));
    expect(api.callsTo('POST /api/trips/application/add')[0]?.body).toMatchObject({
      tripId: 5,
      consent: true,
      city: 'Pune',
      iam: 'student',
      motivation: 'To see it Le Corbusier built with my own eyes.',
      emergencyContactName: 'Meera Rao',
      emergencyContactMobile: '9876500002',
      utmSource: 'instagram',
      utmCampaign: 'trips-2026',
    });
    // utm_content is counted with the landing, never sent with a lead (the contract has no field).
    expect(api.callsTo('POST /api/trips/application/add')[0]?.body).not.toHaveProperty('utmContent');
    expect(await screen.findByText('Application sent. We have e-mailed you a copy.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const status = screen.getByRole('heading', { name: /Your application/ });
    expect(status.textContent).toContain('Submitted');
    expect(screen.getByRole('button', { name: 'Edit your application' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply for this trip' })).toBeNull();
  });

  it('when the server refuses with a 409, then its message shows in the form and nothing typed is lost', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/trip/5/details': { data: trip },
      'POST /api/trips/application/details': { data: { application: null } },
      'POST /api/trips/application/add': apiError(
        409,
        'CONFLICT',
        'Applications for this trip have closed: it has already started.',
      ),
    });
    const user = userEvent.setup();
    renderApp(trip.path, api.fetch);

    await user.click(await screen.findByRole('button', { name: 'Apply for this trip' }));
    const dialog = await screen.findByRole('dialog');
    const motivation = within(dialog).getByLabelText(/^Why this trip/);
    await user.type(motivation, 'I have wanted to see Chandigarh for years.');
    await user.type(within(dialog).getByLabelText('Emergency contact’s name'), 'Meera Rao');
    await user.type(within(dialog).getByLabelText('Emergency contact’s mobile'), '9876500002');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Applications for this trip have closed: it has already started.',
    );
    expect((motivation as HTMLTextAreaElement).value).toBe('I have wanted to see Chandigarh for years.');
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
  });

  it('when the application is still submitted, then the learner edits it and only the changes are sent', async () => {
    storeSession();
    let current = applicationOf({}, 'submitted');
    const api = scriptedApi({
      'GET /api/trip/5/details': { data: trip },
      'POST /api/trips/application/details': () => ({ data: { application: current } }),
      'POST /api/trips/application/update': (body) => {
        current = { ...current, fields: { ...current.fields, ...(body as object) } };
        return { data: current };
      },
    });
    const user = userEvent.setup();
    renderApp(trip.path, api.fetch);

    await user.click(await screen.findByRole('button', { name: 'Edit your application' }));
    const dialog = await screen.findByRole('dialog');
    const city = within(dialog).getByLabelText('City you live in');
    expect((city as HTMLInputElement).value).toBe('Pune');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.clear(city);
    await user.type(city, 'Mumbai');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.callsTo('POST /api/trips/application/update')).toHaveLength(1));
    expect(api.callsTo('POST /api/trips/application/update')[0]?.body).toEqual({
      applicationId: 41,
      city: 'Mumbai',
    });
    expect(await screen.findByText('Your changes are saved.')).toBeTruthy();
  });

  it('when the learner withdraws (after confirming), then the status says withdrawn and they may apply again', async () => {
    storeSession();
    let current = applicationOf({}, 'shortlisted');
    const api = scriptedApi({
      'GET /api/trip/5/details': { data: trip },
      'POST /api/trips/application/details': () => ({ data: { application: current } }),
      'POST /api/trips/application/update': () => {
        current = { ...current, status: 'withdrawn', editable: false };
        return { data: current };
      },
    });
    const user = userEvent.setup();
    renderApp(trip.path, api.fetch);

    await user.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    expect(api.callsTo('POST /api/trips/application/update')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByText('Your application is withdrawn.')).toBeTruthy();
    expect(api.callsTo('POST /api/trips/application/update')[0]?.body).toEqual({
      applicationId: 41,
      withdraw: true,
    });
    expect(screen.getByRole('heading', { name: /Your application/ }).textContent).toContain('Withdrawn');
    expect(screen.getByRole('button', { name: 'Apply again' })).toBeTruthy();
  });

  it('when the application was reviewed, then its status shows and it can no longer be edited', async () => {
    storeSession();
    const api = scriptedApi({
      'GET /api/trip/5/details': { data: trip },
      'POST /api/trips/application/details': {
        data: { application: { ...applicationOf({}, 'accepted'), reviewNote: 'See you at the Capitol!' } },
      },
    });
    renderApp(trip.path, api.fetch);

    expect((await screen.findByRole('heading', { name: /Your application/ })).textContent).toContain(
      'Accepted',
    );
    expect(screen.getByText('See you at the Capitol!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit your application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply for this trip' })).toBeNull();
  });

  it('when the itinerary is asked for, then the server’s masked address shows, and a 429 says to wait', async () => {
    storeSession();
    let calls = 0;
    const api = scriptedApi({
      'GET /api/trip/5/details': { data: trip },
      'POST /api/trips/application/details': { data: { application: null } },
      'POST /api/trips/itinerary/send': () =>
        ++calls === 1
          ? { data: { sentTo: 'a…@example.com' } }
          : apiError(429, 'RATE_LIMITED', 'We e-mailed you this itinerary within the last hour.'),
    });
    const user = userEvent.setup();
    renderApp(trip.path, api.fetch);

    const button = await screen.findByRole('button', { name: 'E-mail me the itinerary' });
    await user.click(button);
    expect(await screen.findByText(/Itinerary sent to a…@example.com/)).toBeTruthy();
    await user.click(button);
    expect(await screen.findByText('We e-mailed you this itinerary within the last hour.')).toBeTruthy();
    expect(api.callsTo('POST /api/trips/itinerary/send')[0]?.body).toEqual({ tripId: 5 });
  });
});
