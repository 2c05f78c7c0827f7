import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { callerOf, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import * as wallet from './wallet.service.js';

/** The coins wallet calls (spec §7 "Wallet"): the coin page, the popup flag, staff adjustments. */
export async function walletRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: wallet.WalletDeps = { db: ctx.database.db };
  const caller = (request: FastifyRequest) => callerOf(request, ctx.clock);
  const tags = ['wallet'];

  await api.register(async (scope) => {
    // A body with a field the contract does not allow (`walletCoins`) is a mass-assignment attempt.
    scope.addHook('onError', reportMassAssignment(ctx.clock));

    defineRoute(
      scope,
      endpoints.walletCourses,
      {
        summary:
          "The caller's coin page: wallet, enrolled courses and the ledger, newest first (own id only)",
        tags,
      },
      async (request) =>
        ok(await wallet.getWalletCourses(deps, sessionOf(request), request.params.id, caller(request))),
    );

    defineRoute(
      scope,
      endpoints.walletUpdate,
      { summary: 'Mark the coin popup as seen (the only wallet field a learner may change)', tags },
      async (request) =>
        ok(await wallet.updateWallet(deps, sessionOf(request), request.body), 'Wallet updated'),
    );

    defineRoute(
      scope,
      endpoints.walletCoinsAdd,
      {
        summary:
          "Staff: add or take a user's coins with a reason (Idempotency-Key accepted; never below zero)",
        tags,
      },
      async (request) =>
        ok(
          await wallet.addCoins(
            deps,
            sessionOf(request),
            request.body,
            wallet.idempotencyKeyOf(request.headers['idempotency-key']),
            caller(request),
          ),
          'Coins updated',
        ),
    );
  });
}
