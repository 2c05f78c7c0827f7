import { describeResourceSearch } from '../../test/resource-search.js';

// The search on the database the run uses (PGlite by default).
describeResourceSearch('this run’s database');
