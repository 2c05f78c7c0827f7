import type { EventObject } from '@atelier/contract';
import { endpoints } from '@atelier/contract';
import { api } from './base-api';

const NO_EVENTS: readonly EventObject[] = [];

const eventObjectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/event/objects`: a list (spec §3 leaves its fields open). */
    listEventObjects: build.query<EventObject[], void>({
      query: () => endpoints.eventObjects.path,
      transformResponse: (data: unknown) => (Array.isArray(data) ? (data as EventObject[]) : []),
    }),
  }),
});

export const eventObjectsQuery = eventObjectsApi.endpoints.listEventObjects;

/** Event objects; spec §8: a failed load is swallowed as an empty list (also while loading). */
export function useEventObjects(): readonly EventObject[] {
  return eventObjectsApi.useListEventObjectsQuery().currentData ?? NO_EVENTS;
}
