import { describeResourceSearch } from '../../test/resource-search.js';

// Full-text search on PostgreSQL: the same words, literals, limits and pages as on PGlite.
describeResourceSearch('PostgreSQL');
