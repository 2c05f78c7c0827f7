/**
 * The learner's private calendar feed (issue 15; spec §7 "Calendar"): `GET
 * /api/calendar/{secretKey}.ics` answers `text/calendar` (RFC 5545), not JSON, so only its path
 * parameter has a schema. The key is the owner's `secretKey` (see `OwnProfileSchema`); rotating
 * it (`POST /api/user/calendar/rotate`) makes the old address answer 404.
 */
import { z } from 'zod';

/**
 * `GET /api/calendar/{secretKey}.ics` path: the key as it appears before `.ics`. Any text up to
 * 200 characters is accepted here; one that is no user's key answers 404 (never 400, so a
 * malformed key and an old one look the same).
 */
export const CalendarFeedParamsSchema = z
  .object({ secretKey: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters') })
  .strict();
export type CalendarFeedParams = z.infer<typeof CalendarFeedParamsSchema>;
