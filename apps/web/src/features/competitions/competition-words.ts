import type { CompetitionCard } from '@atelier/contract';
import { amountLabel } from '../../lib/price';

/** The competition's picture: the one it names, else the generated `/images/competitions/{slug}.jpg`. */
export function competitionImage(competition: Pick<CompetitionCard, 'thumbnail' | 'slug'>): string {
  return competition.thumbnail ?? `/images/competitions/${competition.slug}.jpg`;
}

/** The entry fee in the visitor's currency: "Free", the amount, or null when not given in it. */
export function entryFeeLabel(competition: Pick<CompetitionCard, 'amount' | 'dollar'>, currency: string) {
  if (competition.amount === 0) return 'Free';
  return amountLabel(competition.amount, competition.dollar, currency);
}

export const PHASE_LABEL: Record<CompetitionCard['phase'], string> = {
  open: 'Registration open',
  closed: 'Registration closed',
  over: 'Results announced',
};

/** A wire date as a schema.org date, or undefined when unset (`0000-00-00`). */
export function isoDay(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !value.startsWith('0000') ? value : undefined;
}
