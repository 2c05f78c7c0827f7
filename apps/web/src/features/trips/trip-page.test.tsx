import type { TripDetails } from '@atelier/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { everyPageAnswers, fakeApi } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

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

    const apply = await screen.findByRole('link', { name: 'Apply for this trip' });
    expect(apply.getAttribute('href')).toBe(
      `/auth/login?next=${encodeURIComponent('/trip/chandigarh?id=5')}`,
    );
  });
});
