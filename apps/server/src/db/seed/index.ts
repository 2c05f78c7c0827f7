/** Seeds: the demo data set and the large benchmark data set. */
export {
  DEMO_ACCOUNTS,
  seedDemo,
  type DemoAccount,
  type DemoSeedOptions,
  type DemoSeedResult,
} from './demo.js';
export { DASHBOARD_COHORT_BATCH, seedLarge, type LargeSeedOptions, type LargeSeedResult } from './large.js';
