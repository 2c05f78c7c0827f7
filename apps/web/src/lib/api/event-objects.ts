import type { EventObject, ResponseOf } from '@atelier/contract';
import { api } from './base-api';
import { endpointRequest } from './paths';

const NO_EVENTS: readonly EventObject[] = [];

const eventObjectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/event/objects`: a list (spec §3 leaves its fields open). */
    listEventObjects: build.query<ResponseOf<'eventObjects'>, void>({
      query: () => endpointRequest('eventObjects'),
    }),
  }),
});

export const eventObjectsQuery = eventObjectsApi.endpoints.listEventObjects;

/** Event objects; spec §8: a failed load is swallowed as an empty list (also while loading). */
export function useEventObjects(): readonly EventObject[] {
  return eventObjectsApi.useListEventObjectsQuery().currentData ?? NO_EVENTS;
}
