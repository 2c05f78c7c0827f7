import { api } from './base-api';

/**
 * `POST /api/callback` (spec §7 "Marketing, lead and contact"): a visitor asks a counsellor to
 * call back. The spec shows the call, not its body; this body is ours. The server does not
 * answer it yet (issue 5's endpoints leave it out): the form then says it could not send.
 */
export interface CallbackRequest {
  name: string;
  email: string;
  mobile: string;
  /** Which form sent it: `counselling`, `bim-civil`, `blog-counselling`. */
  source: string;
  /** What the visitor was looking at (a workshop or article title) and its id. */
  interest?: { name: string; id: number; productId: string };
  /** The page's path. */
  page: string;
}

const callbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestCallback: build.mutation<unknown, CallbackRequest>({
      query: (body) => ({ url: '/api/callback', method: 'POST', body }),
    }),
  }),
});

export const { useRequestCallbackMutation } = callbackApi;
