import type { BatchDetail, WorkshopDetails } from '@atelier/contract';
import { SESSION_TYPE, WORKSHOP_TYPE, workshopPricing } from '@atelier/domain';
import { parseWireDay } from '../../lib/format';
import { absoluteUrl, type JsonLd } from '../../lib/page-head';
import { organisation, priceCurrency } from '../../lib/seo';

/** ISO weekdays 1–7 (the contract's `day`) as schema.org names them. */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** India's offset, for the instants of sessions whose wall-clock times are Indian (DESIGN.md). */
const IST = '+05:30';

function wireDate(value: string): string | null {
  return parseWireDay(value) ? value : null;
}

function offer(
  pricing: { amount: number | null; dollar: number | null },
  currencyCode: string,
  url: string,
): JsonLd | null {
  const currency = priceCurrency(currencyCode);
  const price = currency === 'INR' ? pricing.amount : pricing.dollar;
  if (price === null) return null;
  return {
    '@type': 'Offer',
    price,
    priceCurrency: currency,
    url,
    availability: 'https://schema.org/InStock',
    category: 'Paid',
  };
}

/**
 * A batch as a `CourseInstance` (spec §3 Batch): online, its dates, its weekly schedule and its
 * own price; recorded batches are self-paced.
 */
function courseInstance(batch: BatchDetail, currencyCode: string, url: string): JsonLd {
  const recorded = batch.sessionType === SESSION_TYPE.recorded;
  const start = wireDate(batch.startDate);
  const end = wireDate(batch.endDate);
  const days = [...new Set(batch.BatchSchedules.map((s) => WEEKDAYS[s.day - 1]).filter(Boolean))];
  const first = batch.BatchSchedules[0];
  return {
    '@type': 'CourseInstance',
    name: batch.name ?? undefined,
    courseMode: 'Online',
    startDate: start ?? undefined,
    endDate: end ?? undefined,
    courseSchedule:
      recorded || !first
        ? undefined
        : {
            '@type': 'Schedule',
            repeatFrequency: 'P1W',
            byDay: days.map((day) => `https://schema.org/${day}`),
            startTime: first.startTime.slice(0, 5),
            endTime: first.endTime.slice(0, 5),
            startDate: start ?? undefined,
            endDate: end ?? undefined,
            scheduleTimezone: 'Asia/Kolkata',
          },
    offers: offer(workshopPricing({ Batches: [batch] }), currencyCode, url) ?? undefined,
  };
}

/**
 * The live sessions of a masterclass as `Event`s (one per batch, from its first schedule's times
 * in Indian time), so search engines can list them as online events.
 */
function masterclassEvents(
  details: WorkshopDetails,
  currencyCode: string,
  url: string,
  image: string | null,
): JsonLd[] {
  return details.Batches.flatMap((batch) => {
    const start = wireDate(batch.startDate);
    if (!start || batch.sessionType !== SESSION_TYPE.live) return [];
    const end = wireDate(batch.endDate) ?? start;
    const schedule = batch.BatchSchedules[0];
    const at = (day: string, time: string | undefined) =>
      time ? `${day}T${time.slice(0, 5)}:00${IST}` : day;
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: details.title,
        description: details.description,
        startDate: at(start, schedule?.startTime),
        endDate: at(end, schedule?.endTime),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: { '@type': 'VirtualLocation', url },
        image: image ?? undefined,
        organizer: organisation(url.replace(/^(https?:\/\/[^/]+).*$/, '$1')),
        offers: offer(workshopPricing({ Batches: [batch] }), currencyCode, url) ?? undefined,
      },
    ];
  });
}

/**
 * JSON-LD of a workshop page: a `Course` with a `CourseInstance` per batch, and for a masterclass
 * (type 1) an `Event` per dated live batch. `origin` is the site's public address.
 */
export function workshopJsonLd(
  details: WorkshopDetails,
  options: { origin: string; currencyCode: string; image: string | null },
): JsonLd[] {
  const url = absoluteUrl(options.origin, details.path);
  const image = options.image ? absoluteUrl(options.origin, options.image) : null;
  const course: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: details.title,
    description: details.MetaTags?.description || details.description,
    url,
    image: image ?? undefined,
    keywords: details.MetaTags?.keywords || undefined,
    provider: organisation(options.origin),
    inLanguage: 'en',
    offers: offer(details.pricing, options.currencyCode, url) ?? undefined,
    hasCourseInstance: details.Batches.map((batch) => courseInstance(batch, options.currencyCode, url)),
  };
  return details.type === WORKSHOP_TYPE.masterclass
    ? [course, ...masterclassEvents(details, options.currencyCode, url, image)]
    : [course];
}
