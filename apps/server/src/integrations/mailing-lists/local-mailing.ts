import type { MailingListClient, MailingTagRequest } from './types.js';

/*
 * The local mailing-list adapter (no MAILING_API_URL / MAILING_API_KEY): nothing leaves the
 * machine. The request is already on record (`mailing_tag_requests`, written with its job); the
 * job stamps it delivered by `local`. The calls are also kept in memory, newest last, for tests
 * and a developer's REPL.
 */
export interface LocalMailing extends MailingListClient {
  readonly kind: 'local';
  readonly calls: readonly MailingTagRequest[];
}

const KEPT = 200;

export function createLocalMailing(): LocalMailing {
  const calls: MailingTagRequest[] = [];
  return {
    kind: 'local',
    calls,
    async tag(request) {
      calls.push({ ...request, tags: [...request.tags] });
      if (calls.length > KEPT) calls.splice(0, calls.length - KEPT);
    },
  };
}
