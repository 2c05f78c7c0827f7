import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';
import { competitionDetails, openCompetition } from './competition-fixtures';

const details = 'GET /api/competition/3/details';
const registration = 'GET /api/user/competition/3/registration';

describe('competition page registration (issue 16)', () => {
  it('when a visitor opens an open competition, then "Sign in to register" brings them back here', async () => {
    renderApp(openCompetition.path, scriptedApi({ [details]: { data: competitionDetails } }).fetch);
    const link = await screen.findByRole('link', { name: 'Sign in to register' });
    expect(link.getAttribute('href')).toBe(`/auth/login?next=${encodeURIComponent(openCompetition.path)}`);
  });

  it('when a signed-in learner registers for a free competition, then the team name is sent and the page says they are registered', async () => {
    storeSession();
    let registered: unknown = null;
    const api = scriptedApi({
      [details]: { data: competitionDetails },
      [registration]: () => ({ data: { registration: registered } }),
      'POST /api/competition/register': (body) => {
        registered = {
          id: 9,
          competitionId: 3,
          status: 'confirmed',
          teamName: (body as { teamName?: string }).teamName ?? null,
          createdAt: '2026-11-28T09:00:00.000Z',
        };
        return { data: registered };
      },
    });
    const user = userEvent.setup();
    renderApp(openCompetition.path, api.fetch);

    await user.type(await screen.findByLabelText(/^Team name/), 'Studio Ghar');
    await user.click(screen.getByRole('button', { name: 'Register for free' }));

    expect(await screen.findByText('You are registered')).toBeTruthy();
    expect(screen.getByText('Team: Studio Ghar')).toBeTruthy();
    expect(api.callsTo('POST /api/competition/register')[0]?.body).toEqual({
      competitionId: 3,
      teamName: 'Studio Ghar',
    });
    expect(screen.queryByRole('button', { name: 'Register for free' })).toBeNull();
  });

  it('when registration closed meanwhile, then the server’s 409 shows and the team name stays', async () => {
    storeSession();
    const api = scriptedApi({
      [details]: { data: competitionDetails },
      [registration]: { data: { registration: null } },
      'POST /api/competition/register': apiError(
        409,
        'CONFLICT',
        'Registration for this competition has closed.',
      ),
    });
    const user = userEvent.setup();
    renderApp(openCompetition.path, api.fetch);

    const team = await screen.findByLabelText(/^Team name/);
    await user.type(team, 'Studio Ghar');
    await user.click(screen.getByRole('button', { name: 'Register for free' }));
    expect(await screen.findByText('Registration for this competition has closed.')).toBeTruthy();
    expect((team as HTMLInputElement).value).toBe('Studio Ghar');
  });

  it('when the learner is already registered for a competition that is over, then the registration shows without a button', async () => {
    storeSession();
    renderApp(
      openCompetition.path,
      scriptedApi({
        [details]: { data: { ...competitionDetails, phase: 'over' } },
        [registration]: {
          data: {
            registration: {
              id: 9,
              competitionId: 3,
              status: 'confirmed',
              teamName: null,
              createdAt: '2026-11-28T09:00:00.000Z',
            },
          },
        },
      }).fetch,
    );
    expect(await screen.findByText('You are registered')).toBeTruthy();
    expect(screen.getByText('Registered on 28 Nov 2026')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Register/ })).toBeNull());
  });

  it('when the competition has an entry fee, then the learner is offered to pay it rather than register for free', async () => {
    storeSession();
    renderApp(
      openCompetition.path,
      scriptedApi({
        [details]: { data: { ...competitionDetails, amount: 499, dollar: 9 } },
        [registration]: { data: { registration: null } },
      }).fetch,
    );
    const pay = await screen.findByRole('link', { name: 'Pay ₹499/- and register' });
    expect(pay.getAttribute('href')).toBe('/payments/competition/3');
    expect(screen.queryByRole('button', { name: 'Register for free' })).toBeNull();
  });
});
