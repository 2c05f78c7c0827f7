import type { CompetitionCard, CompetitionDetails } from '@atelier/contract';

/** Competitions as the API answers them, for the competition pages' tests. */

export const openCompetition: CompetitionCard = {
  id: 3,
  title: 'Riverfront Pavilion Challenge',
  slug: 'riverfront-pavilion',
  path: '/competition/riverfront-pavilion?id=3',
  summary: 'Design a shaded pavilion for the Sabarmati riverfront.',
  amount: 0,
  dollar: 0,
  registrationDeadline: '2027-01-15',
  startDate: '2027-01-20',
  endDate: '2027-02-20',
  phase: 'open',
  thumbnail: null,
};

export const pastCompetition: CompetitionCard = {
  ...openCompetition,
  id: 2,
  title: 'Courtyard House 2026',
  slug: 'courtyard-house-2026',
  path: '/competition/courtyard-house-2026?id=2',
  summary: 'A courtyard house for a family of five.',
  amount: 499,
  dollar: 9,
  phase: 'over',
};

export const competitionDetails: CompetitionDetails = {
  ...openCompetition,
  description: 'The city wants a pavilion.\n\nShade, water and seating for everyone.',
  brief: {
    siteArea: '1,200 m² on the east bank',
    deliverables: ['Two A1 boards'],
    prizes: ['₹1,00,000 first prize', 'An internship at the jury’s studio'],
    jury: ['Anupama Kundoo'],
    rules: ['Teams of up to four'],
  },
};
