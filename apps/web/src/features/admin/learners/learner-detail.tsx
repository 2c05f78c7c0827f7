import type { AdminLearner } from '@atelier/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import {
  CoinsDialog,
  EnrolDialog,
  MoveDialog,
  RevokeDialog,
  SettleDialog,
  type EnrolmentTarget,
  type PayoutTarget,
} from './learner-dialogs';
import { useGetAdminLearnerQuery } from './learners-api';
import { batchDates, money } from './format';

/*
 * One learner's page (issue 17 point 3): profile, enrolments (move, revoke), orders (each links to
 * the orders list), the coins ledger (adjust), referrals and payout requests (settle), trip
 * applications and competition registrations. Sections, with a table of contents at the top.
 */

const ACCESS_TONE: Record<string, string> = {
  active: 'good',
  recordings: 'wait',
  revoked: 'bad',
  refunded: 'muted',
};
const SECTIONS = [
  ['enrolments', 'Enrolments'],
  ['orders', 'Orders'],
  ['wallet', 'Coins'],
  ['referrals', 'Referrals'],
  ['applications', 'Applications'],
] as const;

type Dialog =
  | { kind: 'enrol' }
  | { kind: 'coins' }
  | { kind: 'move'; target: EnrolmentTarget }
  | { kind: 'revoke'; target: EnrolmentTarget }
  | { kind: 'settle'; target: PayoutTarget };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="learner-section" aria-labelledby={`learner-${id}`} id={id}>
      <h2 id={`learner-${id}`} className="learner-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="admin-muted">{children}</p>;
}

export function LearnerDetail({ id }: { id: number }) {
  const result = useGetAdminLearnerQuery(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  if (result.isLoading)
    return (
      <ConsolePage title="Learner">
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading the learner…
        </p>
      </ConsolePage>
    );
  if (result.error || !result.data) {
    const status = (result.error as { status?: unknown } | undefined)?.status;
    return (
      <ConsolePage title="Learner">
        <div role="alert" className="admin-message admin-message--alert">
          <p>{status === 404 ? 'There is no such learner.' : 'The learner could not be loaded.'}</p>
          {status === 404 ? null : (
            <button type="button" className="button button--primary" onClick={() => void result.refetch()}>
              Try again
            </button>
          )}
        </div>
        <Link to="/admin/learners">← All learners</Link>
      </ConsolePage>
    );
  }

  const data: AdminLearner = result.data;
  const p = data.profile;
  const name = p.name ?? p.email ?? `Learner ${p.id}`;
  const done = (text: string) => {
    setDialog(null);
    setMessage(text);
  };
  const open = (next: Dialog) => {
    setMessage(null);
    setDialog(next);
  };

  return (
    <ConsolePage title={name}>
      <p>
        <Link to="/admin/learners">← All learners</Link>
      </p>
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <div className="learner-head">
        <dl className="admin-fields learner-profile">
          {(
            [
              ['E-mail', p.email],
              ['Mobile', p.mobile],
              ['City', p.city],
              ['College', p.college],
              ['I am', p.iam],
              ['UPI id', p.upiId],
              ['Referral code', p.referCode],
              ['Role', p.role],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="admin-fields__row">
              <dt>{label}</dt>
              <dd>
                <Text value={value} />
              </dd>
            </div>
          ))}
          <div className="admin-fields__row">
            <dt>Account</dt>
            <dd>
              {p.disabled ? <Chip tone="bad">disabled</Chip> : <Chip tone="good">active</Chip>}{' '}
              {p.isVerified ? 'verified' : 'not verified'}, joined <When iso={p.createdAt} />
            </dd>
          </div>
        </dl>
        <div className="learner-actions">
          <button type="button" className="button button--primary" onClick={() => open({ kind: 'enrol' })}>
            Enrol in a batch
          </button>
          <button type="button" className="button button--quiet" onClick={() => open({ kind: 'coins' })}>
            Adjust coins
          </button>
        </div>
      </div>

      <nav aria-label="On this page" className="learner-tabs">
        {SECTIONS.map(([key, label]) => (
          <a key={key} href={`#${key}`} className="learner-tabs__link">
            {label}
          </a>
        ))}
      </nav>

      <Section id="enrolments" title="Enrolments">
        {data.enrolments.length === 0 ? (
          <Empty>Not enrolled in any batch.</Empty>
        ) : (
          <table className="data-table__table learner-table">
            <thead>
              <tr>
                <th scope="col">Workshop</th>
                <th scope="col">Batch</th>
                <th scope="col">Access</th>
                <th scope="col">Order</th>
                <th scope="col">Since</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.enrolments.map((e) => {
                const target: EnrolmentTarget = {
                  id: e.id,
                  learnerId: p.id,
                  learnerName: name,
                  workshopId: e.workshop.id,
                  workshop: e.workshop.title,
                  batchId: e.batch.id,
                };
                const live = e.access === 'active' || e.access === 'recordings';
                return (
                  <tr key={e.id}>
                    <td>{e.workshop.title}</td>
                    <td>
                      {batchDates(e.batch.startDate, e.batch.endDate)} (#{e.batch.id})
                    </td>
                    <td>
                      <Chip tone={ACCESS_TONE[e.access] ?? 'wait'}>{e.access}</Chip>
                    </td>
                    <td>
                      {e.sourceOrderId ? `#${e.sourceOrderId}` : <span className="admin-muted">—</span>}
                    </td>
                    <td>
                      <When iso={e.createdAt} />
                    </td>
                    <td className="learner-table__actions">
                      {live ? (
                        <>
                          <button
                            type="button"
                            className="button button--quiet button--small"
                            aria-label={`Move from ${e.workshop.title} batch ${e.batch.id}`}
                            onClick={() => open({ kind: 'move', target })}
                          >
                            Move
                          </button>
                          <button
                            type="button"
                            className="button button--quiet button--small learner-danger-text"
                            aria-label={`Revoke access to ${e.workshop.title}`}
                            onClick={() => open({ kind: 'revoke', target })}
                          >
                            Revoke
                          </button>
                        </>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Section>

      <Section id="orders" title="Orders">
        {data.orders.length === 0 ? (
          <Empty>No orders.</Empty>
        ) : (
          <table className="data-table__table learner-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">What</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Placed</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/admin/orders?q=${o.id}`}>#{o.id}</Link>
                  </td>
                  <td>
                    <Text value={o.description ?? o.kind} />
                    {o.offline ? (
                      <>
                        {' '}
                        <Chip tone="wait">offline</Chip>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Chip tone={o.status === 'paid' ? 'good' : o.status === 'refunded' ? 'muted' : 'wait'}>
                      {o.status}
                    </Chip>
                  </td>
                  <td>
                    {money(o.amountMinor, o.currency)}
                    {o.coinsUsed > 0 ? <span className="admin-muted"> + {o.coinsUsed} coins</span> : null}
                  </td>
                  <td>
                    <When iso={o.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section id="wallet" title={`Coins: ${data.wallet.balance}`}>
        {data.wallet.ledger.length === 0 ? (
          <Empty>No coin movements.</Empty>
        ) : (
          <table className="data-table__table learner-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Coins</th>
                <th scope="col">Why</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {data.wallet.ledger.map((l) => (
                <tr key={l.id}>
                  <td>
                    <When iso={l.createdAt} />
                  </td>
                  <td className={l.delta < 0 ? 'learner-minus' : 'learner-plus'}>
                    {l.delta > 0 ? `+${l.delta}` : l.delta}
                  </td>
                  <td>{l.reason.replace(/_/g, ' ')}</td>
                  <td>
                    <Text value={l.note} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section id="referrals" title="Referrals">
        <p>
          Referred {data.referrals.made} {data.referrals.made === 1 ? 'person' : 'people'},{' '}
          {data.referrals.rewarded} rewarded.
          {data.referrals.referredBy ? (
            <>
              {' '}
              Was referred by{' '}
              <Link to={`/admin/learners/${data.referrals.referredBy.id}`}>
                {data.referrals.referredBy.name ?? `learner ${data.referrals.referredBy.id}`}
              </Link>
              .
            </>
          ) : null}
        </p>
        {data.referrals.people.length > 0 ? (
          <ul className="learner-list">
            {data.referrals.people.map((r) => (
              <li key={r.id}>
                <Link to={`/admin/learners/${r.referee.id}`}>
                  {r.referee.name ?? `Learner ${r.referee.id}`}
                </Link>{' '}
                <Chip tone={r.status === 'rewarded' ? 'good' : 'wait'}>{r.status}</Chip>{' '}
                <When iso={r.createdAt} />
              </li>
            ))}
          </ul>
        ) : null}
        <h3 className="learner-section__sub">Payout requests</h3>
        {data.payouts.length === 0 ? (
          <Empty>No payout requests.</Empty>
        ) : (
          <ul className="learner-list">
            {data.payouts.map((r) => (
              <li key={r.id}>
                #{r.id}: {r.coins} coins to <Text value={r.upiId} />{' '}
                <Chip tone={r.status === 'paid' ? 'good' : r.status === 'rejected' ? 'bad' : 'wait'}>
                  {r.status}
                </Chip>
                {r.reference ? <span className="admin-muted"> ({r.reference})</span> : null}{' '}
                {r.status === 'paid' || r.status === 'rejected' ? null : (
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() =>
                      open({
                        kind: 'settle',
                        target: {
                          id: r.id,
                          learnerId: p.id,
                          learnerName: name,
                          coins: r.coins,
                          upiId: r.upiId,
                        },
                      })
                    }
                  >
                    Settle #{r.id}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="applications" title="Applications and registrations">
        <h3 className="learner-section__sub">Trip applications</h3>
        {data.tripApplications.length === 0 ? (
          <Empty>None.</Empty>
        ) : (
          <ul className="learner-list">
            {data.tripApplications.map((a) => (
              <li key={a.id}>
                {a.trip} <Chip tone="wait">{a.status}</Chip> <When iso={a.createdAt} />
              </li>
            ))}
          </ul>
        )}
        <h3 className="learner-section__sub">Competition registrations</h3>
        {data.competitionRegistrations.length === 0 ? (
          <Empty>None.</Empty>
        ) : (
          <ul className="learner-list">
            {data.competitionRegistrations.map((r) => (
              <li key={r.id}>
                {r.competition} <Chip tone="wait">{r.status}</Chip> <When iso={r.createdAt} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      {dialog?.kind === 'enrol' ? (
        <EnrolDialog
          learner={p.id}
          learnerName={name}
          batches={data.batchOptions}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
      {dialog?.kind === 'coins' ? (
        <CoinsDialog
          learner={p.id}
          learnerName={name}
          balance={data.wallet.balance}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          target={dialog.target}
          batches={data.batchOptions}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : null}
      {dialog?.kind === 'revoke' ? (
        <RevokeDialog target={dialog.target} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog?.kind === 'settle' ? (
        <SettleDialog target={dialog.target} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </ConsolePage>
  );
}
