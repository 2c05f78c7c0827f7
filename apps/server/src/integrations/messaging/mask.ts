/** `a…@example.com` / `+91 ******3210`: enough to tell messages apart in a log, no more. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to.slice(0, 1)}…${to.slice(at)}`;
  return to.length > 4
    ? `${to.slice(0, Math.max(0, to.length - 4)).replace(/\d/g, '*')}${to.slice(-4)}`
    : '****';
}
