import { startFakeCrm, type FakeCrm } from '../../crm/testing/fake-crm.js';

/*
 * A fake ad-conversion tracker for tests: the fake CRM's server answers the Meta Conversions API
 * shape (`POST /v21.0/{pixelId}/events`) too, records every request and misbehaves on demand.
 */
export type FakeTracker = FakeCrm;

export function startFakeTracker(): Promise<FakeTracker> {
  return startFakeCrm({ prefix: '/v21.0' });
}
