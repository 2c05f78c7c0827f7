import { DEFAULT_TIME_ZONE, greeting } from '@atelier/domain';

/** The browser's time zone (a greeting follows the learner's own clock), or the platform's. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/**
 * The dashboard's greeting (spec §2, §9: morning 0–11, afternoon 12–16, evening otherwise, from
 * `greeting` of @atelier/domain) with the learner's first name: "Good morning, Asha".
 */
export function greetingLine(
  name: string | null | undefined,
  now: Date,
  tz: string = localTimeZone(),
): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  const text = `Good ${greeting(now, tz)}`;
  return first ? `${text}, ${first}` : text;
}
