import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon, ClockIcon, CloseIcon } from '../../components/ui/icons';
import { MediaCard } from '../../components/ui/media-card';
import { useCurrencyCode } from '../../lib/api/currency';
import { formatDay } from '../../lib/format';
import { usePageHead } from '../../lib/head-context';
import { amountLabel } from '../../lib/price';
import { breadcrumbList, organisation, priceCurrency } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useConsultationBlogs } from './api/consultation-blogs';
import { useConsultationPackages, type ShownConsultationPackage } from './api/consultation-packages';
import './consultation.css';

// The booking form (issue 16), loaded when a visitor books.
const ConsultationCallDialog = lazy(async () => ({
  default: (await import('../leads/consultation-call-dialog')).ConsultationCallDialog,
}));

/** The package the page recommends (spec §9 display order puts it first: id 3). */
const RECOMMENDED_INDEX = 0;

/**
 * `/consultation`: design-consultation packages in the spec's display order (3, 2, 4, 1), each
 * covered item ticked or not as the domain rule says; on failure, no packages and the spec's text
 * 'SOMETHING WENT WRONG' (§8).
 */
export function ConsultationPage() {
  const { packages, error } = useConsultationPackages();
  const blogs = useConsultationBlogs();
  const currency = useCurrencyCode();
  const origin = useSiteOrigin();
  // "Book this package" buys it (/payments/consultation/{id}: signed in, else sign in and come
  // back); "Book a free call" opens the call form here first, for anyone, signed in or not.
  const [booking, setBooking] = useState<ShownConsultationPackage | null>(null);

  usePageHead({
    canonical: '/consultation',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: 'Design consultation',
        serviceType: 'Architecture and interior design consultation',
        provider: organisation(origin),
        areaServed: 'IN',
        offers: packages.map((pkg) => ({
          '@type': 'Offer',
          name: pkg.name,
          price: priceCurrency(currency) === 'INR' ? pkg.price : (pkg.dollar ?? undefined),
          priceCurrency: priceCurrency(currency),
        })),
      },
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Design consultation', '/consultation'],
      ]),
    ],
  });

  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <p className="eyebrow">Design consultation</p>
          <h1 className="page-intro__title">An architect for your project</h1>
          <p className="page-intro__lede">
            From a one-hour layout review to a full concept package: practising architects and interior
            designers, online, on your own home or studio.
          </p>
        </div>
      </header>

      <div className="container consultation">
        <section className="workshop-section" aria-labelledby="packages-title">
          <h2 id="packages-title" className="section-title">
            Packages
          </h2>
          {error ? (
            <p className="error-note" role="alert">
              {error}
            </p>
          ) : null}
          {packages.length > 0 ? (
            <ul className="packages">
              {packages.map((pkg, index) => (
                <PackageCard
                  key={pkg.id}
                  pkg={pkg}
                  currency={currency}
                  recommended={index === RECOMMENDED_INDEX}
                  onBook={() => setBooking(pkg)}
                />
              ))}
            </ul>
          ) : error ? null : (
            <p className="empty-note">Packages are being updated. Please check back shortly.</p>
          )}
          {booking ? (
            <Suspense fallback={null}>
              <ConsultationCallDialog pkg={booking} onClose={() => setBooking(null)} />
            </Suspense>
          ) : null}
        </section>

        <section className="workshop-section how" aria-labelledby="how-title">
          <h2 id="how-title" className="section-title">
            How it works
          </h2>
          <ol className="how__steps">
            <li>
              <h3>Choose a package</h3>
              <p>Pick the depth of help you need; you can upgrade later.</p>
            </li>
            <li>
              <h3>Share your brief</h3>
              <p>Send drawings, photos and the details each package asks for.</p>
            </li>
            <li>
              <h3>Meet your architect</h3>
              <p>Video sessions, then drawings and notes you can build from.</p>
            </li>
          </ol>
        </section>

        {blogs.length > 0 ? (
          <section className="workshop-section" aria-labelledby="reading-title">
            <h2 id="reading-title" className="section-title">
              Before you begin
            </h2>
            <ul className="card-grid reading-grid">
              {blogs.map((blog, index) => (
                <li key={blog.id}>
                  <MediaCard
                    to={blog.path}
                    title={blog.title}
                    image={blog.cover}
                    eyebrow={blog.category?.name}
                    coverVariant={index + 1}
                    footer={
                      <span className="media-card__meta">{formatDay(blog.publishedAt.slice(0, 10))}</span>
                    }
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}

function PackageCard({
  pkg,
  currency,
  recommended,
  onBook,
}: {
  pkg: ShownConsultationPackage;
  currency: string;
  recommended: boolean;
  /** Opens the free-call form for this package. */
  onBook: () => void;
}) {
  const price = amountLabel(pkg.price, pkg.dollar, currency);
  const titleId = `package-${pkg.id}`;
  return (
    <li className={`package ${recommended ? 'package--recommended' : ''}`} aria-labelledby={titleId}>
      {recommended ? <p className="package__badge">Most chosen</p> : null}
      <h3 id={titleId} className="package__name">
        {pkg.name}
      </h3>
      <p className="package__description">{pkg.description}</p>
      <p className="package__price">
        {price ? (
          <>
            <span className="visually-hidden">Price </span>
            {price}
          </>
        ) : (
          'Price on request'
        )}
      </p>
      <div className="package__actions">
        {/* Booking is buying the package (signed in; a visitor signs in and comes back). */}
        <Link
          to={`/payments/consultation/${pkg.id}`}
          className={`button button--block package__book ${recommended ? 'button--primary' : 'button--quiet'}`}
          // The visible label starts the name; the rest says which package.
          aria-label={`Book this package: ${pkg.name}`}
        >
          Book this package
        </Link>
        <button
          type="button"
          className="button button--block package__call"
          aria-label={`Book a free consultation call: ${pkg.name}`}
          onClick={onBook}
        >
          Book a free call
        </button>
      </div>
      <div className="package__details">
        <ul className="package__covered" aria-label={`What ${pkg.name} covers`}>
          {pkg.covered.map((item, index) => (
            <li key={`${index}:${item.text}`} className={item.checked ? 'covered' : 'covered covered--off'}>
              {item.checked ? (
                <CheckIcon className="covered__icon" />
              ) : (
                <CloseIcon className="covered__icon" />
              )}
              <span className="visually-hidden">{item.checked ? 'Included: ' : 'Not included: '}</span>
              {item.text}
            </li>
          ))}
        </ul>
        {pkg.services.length > 0 ? (
          <ul className="package__services" aria-label="Sessions">
            {pkg.services.map((service) => (
              <li key={service.name}>
                <ClockIcon className="icon--sm" />
                <span>
                  {service.name}
                  {service.durationMinutes ? ` · ${service.durationMinutes} min` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {pkg.detailsRequired.length > 0 ? (
          <details className="package__needs">
            <summary>What we will ask you for</summary>
            <ul>
              {pkg.detailsRequired.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </li>
  );
}
