import { useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../lib/store';
import { Chip, ConsolePage, Fields, Text, When } from '../components/cells';
import { money } from './amounts';
import { openInvoice } from './invoice-download';
import { useGetAdminOrderQuery } from './money-api';
import { RefundDialog, type RefundTarget } from './refund-dialog';

export const ORDER_TONE: Record<string, string> = {
  paid: 'good',
  refunded: 'muted',
  failed: 'bad',
  expired: 'muted',
  processed: 'good',
  captured: 'good',
  overdue: 'bad',
};

/**
 * One order (`/admin/orders/{id}`): what it bought and for whom, its payments and refunds, what is
 * left to refund (the Refund button), its instalment plan, its invoice and coupon.
 */
export function OrderDetailPage({ id }: { id: number }) {
  const order = useGetAdminOrderQuery(id);
  const dispatch = useAppDispatch();
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);

  if (order.isLoading) {
    return (
      <ConsolePage title={`Order #${id}`}>
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading the order…
        </p>
      </ConsolePage>
    );
  }
  if (order.error || !order.data) {
    const status = (order.error as { status?: unknown } | undefined)?.status;
    return (
      <ConsolePage title={`Order #${id}`}>
        <p role="alert" className="admin-message admin-message--alert">
          {status === 404 ? 'There is no such order.' : 'The order could not be loaded.'}
        </p>
        <p>
          <Link to="/admin/orders">← All orders</Link>
        </p>
      </ConsolePage>
    );
  }
  const o = order.data;
  const buyer = o.buyer.name ?? o.buyer.email ?? o.buyer.mobile ?? `user ${o.buyer.id ?? '?'}`;

  const download = async () => {
    setInvoiceError(null);
    try {
      await dispatch(openInvoice(o.id));
    } catch (error) {
      setInvoiceError(error instanceof Error ? error.message : 'The invoice could not be opened.');
    }
  };

  return (
    <ConsolePage title={`Order #${o.id}`}>
      <p>
        <Link to="/admin/orders">← All orders</Link>
      </p>
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <div className="money-summary">
        <dl className="admin-fields">
          <div className="admin-fields__row">
            <dt>Status</dt>
            <dd>
              <Chip tone={ORDER_TONE[o.status] ?? 'wait'}>{o.status}</Chip>
              {o.flagReason ? <span className="admin-muted"> — flagged: {o.flagReason}</span> : null}
            </dd>
          </div>
          <div className="admin-fields__row">
            <dt>Amount</dt>
            <dd>
              {money(o.amountMinor, o.currency)}
              {o.discountMinor > 0 ? (
                <span className="admin-muted"> (discount {money(o.discountMinor, o.currency)})</span>
              ) : null}
              {o.coinsUsed > 0 ? <span className="admin-muted"> ({o.coinsUsed} coins)</span> : null}
            </dd>
          </div>
          <div className="admin-fields__row">
            <dt>Refunded</dt>
            <dd>{money(o.refundedMinor, o.currency)}</dd>
          </div>
          <div className="admin-fields__row">
            <dt>Buyer</dt>
            <dd>
              {buyer}
              <br />
              <span className="admin-muted">
                {[o.buyer.email, o.buyer.mobile].filter(Boolean).join(' · ') || '—'}
              </span>
            </dd>
          </div>
          <div className="admin-fields__row">
            <dt>Bought</dt>
            <dd>
              {o.kind}
              {o.workshop ? ` — ${o.workshop.title}` : ''}
              {o.batch ? <span className="admin-muted"> (batch {o.batch.id})</span> : null}
            </dd>
          </div>
          <div className="admin-fields__row">
            <dt>Coupon</dt>
            <dd>
              <Text value={o.coupon?.code} />
            </dd>
          </div>
          <div className="admin-fields__row">
            <dt>Provider</dt>
            <dd>
              {o.provider} <span className="admin-muted">{o.providerOrderId ?? ''}</span>
            </dd>
          </div>
          <div className="admin-fields__row">
            <dt>Created / paid</dt>
            <dd>
              <When iso={o.createdAt} /> / <When iso={o.paidAt} />
            </dd>
          </div>
          <div className="admin-fields__row">
            <dt>Invoice</dt>
            <dd>
              {o.invoice ? `${o.invoice.number} ` : ''}
              {o.status === 'paid' || o.status === 'refunded' ? (
                <button type="button" className="button button--quiet" onClick={() => void download()}>
                  Download the invoice (PDF)
                </button>
              ) : (
                <span className="admin-muted">None: not paid.</span>
              )}
              {invoiceError ? (
                <span role="alert" className="form-field__error">
                  {invoiceError}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        <div className="money-actions">
          {o.refundable && o.refundable.leftMinor > 0 ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setMessage(null);
                setTarget({
                  orderId: o.id,
                  buyer,
                  currency: o.refundable!.currency,
                  leftMinor: o.refundable!.leftMinor,
                  capturedMinor: o.refundable!.capturedMinor,
                });
              }}
            >
              Refund…
            </button>
          ) : (
            <p className="admin-muted">
              {o.refundable ? 'Refunded in full.' : 'Nothing captured to refund.'}
            </p>
          )}
        </div>
      </div>

      {Object.keys(o.details).length > 0 ? (
        <section aria-labelledby="order-details-title">
          <h2 id="order-details-title" className="money-h2">
            Details
          </h2>
          <Fields value={o.details} />
        </section>
      ) : null}

      <section aria-labelledby="order-payments-title">
        <h2 id="order-payments-title" className="money-h2">
          Payments
        </h2>
        {o.payments.length === 0 ? (
          <p className="admin-muted">No payment reported.</p>
        ) : (
          <table className="money-table">
            <thead>
              <tr>
                <th scope="col">Provider payment</th>
                <th scope="col">Status</th>
                <th scope="col">Method</th>
                <th scope="col" className="money-num">
                  Amount
                </th>
                <th scope="col">Captured</th>
              </tr>
            </thead>
            <tbody>
              {o.payments.map((p) => (
                <tr key={p.id}>
                  <td>{p.providerPaymentId}</td>
                  <td>
                    <Chip tone={ORDER_TONE[p.status] ?? 'wait'}>{p.status}</Chip>
                  </td>
                  <td>
                    <Text value={p.method} />
                  </td>
                  <td className="money-num">{money(p.amountMinor, p.currency)}</td>
                  <td>
                    <When iso={p.capturedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="order-refunds-title">
        <h2 id="order-refunds-title" className="money-h2">
          Refunds
        </h2>
        {o.refunds.length === 0 ? (
          <p className="admin-muted">No refunds.</p>
        ) : (
          <table className="money-table">
            <thead>
              <tr>
                <th scope="col">Asked</th>
                <th scope="col">Status</th>
                <th scope="col" className="money-num">
                  Amount
                </th>
                <th scope="col">Reason</th>
                <th scope="col">Processed</th>
              </tr>
            </thead>
            <tbody>
              {o.refunds.map((r) => (
                <tr key={r.id}>
                  <td>
                    <When iso={r.createdAt} />
                  </td>
                  <td>
                    <Chip tone={ORDER_TONE[r.status] ?? 'wait'}>{r.status}</Chip>
                  </td>
                  <td className="money-num">{money(r.amountMinor, r.currency)}</td>
                  <td>
                    <Text value={r.reason} />
                  </td>
                  <td>
                    <When iso={r.processedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {o.instalmentPlan ? (
        <section aria-labelledby="order-plan-title">
          <h2 id="order-plan-title" className="money-h2">
            Instalment plan ({o.instalmentPlan.status},{' '}
            {money(o.instalmentPlan.totalMinor, o.instalmentPlan.currency)})
          </h2>
          <table className="money-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Due</th>
                <th scope="col" className="money-num">
                  Amount
                </th>
                <th scope="col">State</th>
                <th scope="col">Paid by order</th>
              </tr>
            </thead>
            <tbody>
              {o.instalmentPlan.instalments.map((i) => (
                <tr key={i.id}>
                  <td>{i.sequence}</td>
                  <td>
                    <When iso={i.dueDate} />
                  </td>
                  <td className="money-num">{money(i.amountMinor, o.instalmentPlan!.currency)}</td>
                  <td>
                    <Chip tone={ORDER_TONE[i.state] ?? (i.state === 'paid' ? 'good' : 'wait')}>
                      {i.state}
                    </Chip>
                  </td>
                  <td>
                    {i.paidOrderId ? (
                      <Link to={`/admin/orders/${i.paidOrderId}`}>#{i.paidOrderId}</Link>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {target ? (
        <RefundDialog
          target={target}
          onClose={() => setTarget(null)}
          onRefunded={(text) => {
            setTarget(null);
            setMessage(text);
          }}
        />
      ) : null}
    </ConsolePage>
  );
}
