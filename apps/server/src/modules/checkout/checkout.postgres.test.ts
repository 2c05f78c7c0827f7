import { describeCheckoutRaces } from '../../test/checkout-races.js';

// The races on PostgreSQL, where transactions truly interleave (a pool of five connections).
describeCheckoutRaces('PostgreSQL');
