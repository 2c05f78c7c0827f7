import { adminEndpointPaths } from '@atelier/contract';
import { registerEndpointPaths } from '../../../lib/api/paths';

/*
 * The staff console's addresses join the request builder's table when the console's code loads
 * (issue 17): public pages and the learner dashboard never carry them. Every console module that
 * builds a request imports this file first.
 */
registerEndpointPaths(adminEndpointPaths);
