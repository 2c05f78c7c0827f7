import { Link, useSearchParams } from 'react-router';
import { PageIntro } from '../../components/ui/page-intro';
import { useCurrencyCode } from '../../lib/api/currency';
import { useWorkshopList } from '../../lib/api/workshops';
import { priceLabel } from '../../lib/price';

/**
 * `/payments/:slug?id=` (spec §2): checkout. Rendered in the browser only. Until the payments
 * issue, it names the programme and its price from the every-page list.
 */
export function PaymentPage() {
  const [searchParams] = useSearchParams();
  const { workshops, isLoading } = useWorkshopList();
  const currency = useCurrencyCode();
  const workshop = workshops.find((w) => w.id === Number(searchParams.get('id')));
  const price = workshop ? priceLabel(workshop, currency) : null;
  return (
    <PageIntro
      eyebrow="Checkout"
      title={workshop ? workshop.title : isLoading ? 'Checkout' : 'Choose a programme'}
      lede={
        workshop
          ? price
            ? `You are enrolling for ${price.price}. Payment options open here soon.`
            : 'Payment options open here soon.'
          : undefined
      }
    >
      {!workshop && !isLoading ? (
        <p className="page-intro__lede">
          <Link to="/courses-and-workshops" className="text-link">
            Browse courses and workshops
          </Link>
        </p>
      ) : null}
    </PageIntro>
  );
}
