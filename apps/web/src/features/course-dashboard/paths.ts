export { courseDashboardPath } from '../../lib/dashboard-paths';
