import type { InstalmentDetail, PendingPayment } from '@atelier/contract';
import { DEFAULT_TIME_ZONE, instalmentAlert } from '@atelier/domain';
import { parseWireDay } from '../../lib/format';

/** The EMI notice to show, for the earliest unpaid instalment across the learner's courses. */
export interface DueInstalment {
  kind: 'popup' | 'banner';
  /** Whole days from today to the due date: 1–5 for the popup, 0 or less for the banner. */
  daysLeft: number;
  course: PendingPayment;
  instalment: InstalmentDetail;
}

export { dueWords, instalmentPayPath } from '../../lib/instalment-words';

/**
 * Spec §4 "EMI payment lock" through the domain's `instalmentAlert`: the earliest unpaid
 * instalment of all pending payments against today in the platform's zone (the server locks the
 * course by the same day). 1–5 days away → popup; today or overdue → banner; otherwise, and for
 * no pending payments, nothing.
 */
export function dueInstalment(
  pending: readonly PendingPayment[] | null | undefined,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): DueInstalment | null {
  let earliest: { course: PendingPayment; instalment: InstalmentDetail } | null = null;
  for (const course of pending ?? []) {
    for (const instalment of course.instalmentDetails) {
      // Paid or undated instalments (`0000-00-00`) never raise the notice.
      if (instalment.paid || parseWireDay(instalment.dueDate) === null) continue;
      if (earliest === null || instalment.dueDate < earliest.instalment.dueDate) {
        earliest = { course, instalment };
      }
    }
  }
  if (!earliest) return null;
  const alert = instalmentAlert([earliest.instalment], now, tz);
  if (alert.kind === null || alert.daysLeft === null) return null;
  return { kind: alert.kind, daysLeft: alert.daysLeft, ...earliest };
}
