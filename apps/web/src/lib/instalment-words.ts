/** Where "Pay now" goes: the checkout's instalment page (features/payments). */
export function instalmentPayPath(instalmentId: number): string {
  return `/payments/instalment/${instalmentId}`;
}

/** "due tomorrow", "due in 3 days", "due today", "1 day overdue", "12 days overdue". */
export function dueWords(daysLeft: number): string {
  if (daysLeft === 0) return 'due today';
  if (daysLeft === 1) return 'due tomorrow';
  if (daysLeft > 1) return `due in ${daysLeft} days`;
  const late = -daysLeft;
  return `${late} ${late === 1 ? 'day' : 'days'} overdue`;
}
