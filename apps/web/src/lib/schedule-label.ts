import { batchPhase, WORKSHOP_TYPE } from '@atelier/domain';
import { formatDay, formatDayRange } from './format';

/** A workshop's first batch as a card reads it (the every-page list's `Batches[0]`). */
interface CardBatch {
  startDate: string;
  endDate: string;
  sessionType: number;
  /** The last day it is sold (late joining), when the answer carries it. */
  joinUntil?: string;
}

/**
 * When a workshop runs, in a few words, as of `today` (a wire date in the platform's zone, from
 * `useToday`): a batch whose first day has passed says it has started, and whether one can
 * still join by the late-joining rule (the domain's `batchPhase`), rather than "Starts" a date
 * in the past.
 */
export function scheduleLabel(
  workshop: { type: number; Batches: readonly CardBatch[] },
  today: string,
): string {
  const batch = workshop.Batches[0];
  if (!batch) return 'Dates announced soon';
  const phase = batchPhase(batch, today);
  const masterclass = workshop.type === WORKSHOP_TYPE.masterclass;
  switch (phase) {
    case 'recorded':
      return 'Recorded · learn at your pace';
    case 'undated':
      return 'Dates announced soon';
    case 'upcoming':
      if (masterclass) return `Live · ${formatDayRange(batch.startDate, batch.endDate)}`;
      return batch.startDate === today ? 'Starts today' : `Starts ${formatDay(batch.startDate)}`;
    case 'joining': {
      const until = formatDay(batch.joinUntil, false);
      return `Started ${formatDay(batch.startDate, false)} · ${until ? `join by ${until}` : 'joining open'}`;
    }
    case 'closed':
      return `Started ${formatDay(batch.startDate, false)} · enrolment closed`;
    case 'ended':
      return `Ended ${formatDay(batch.endDate)}`;
  }
}
