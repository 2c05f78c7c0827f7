import type { SiteSeller } from '@atelier/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageHead } from '../../lib/head-context';
import { breadcrumbList, organisation } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useSiteSeller } from './api/site-seller';
import { POLICY_LINKS } from './policy-links';
import './legal.css';

// The contact form lives with the lead forms: the other policy pages never load it.
const ContactForm = lazy(async () => ({ default: (await import('../leads/contact-form')).ContactForm }));

/*
 * The public pages a payment provider checks before it activates a merchant account (issue 14,
 * decision 0019): contact us, terms and conditions, privacy policy, cancellation and refund
 * policy, and how access is delivered. Written for this school; the seller's name, address,
 * GSTIN, e-mail and phone come from the server's configuration (`GET /api/site/seller`).
 */

/** When these texts last changed (the sitemap's lastmod says the same). */
export const POLICIES_UPDATED = '25 November 2026';

/** The seller's e-mail as a link, or a placeholder while it loads. */
function Email({ seller }: { seller: SiteSeller | null }) {
  return seller ? <a href={`mailto:${seller.email}`}>{seller.email}</a> : <>our support e-mail</>;
}

/** The seller's phone as a link. */
function Phone({ seller }: { seller: SiteSeller | null }) {
  return seller ? (
    <a href={`tel:${seller.phone.replace(/[^+\d]/g, '')}`}>{seller.phone}</a>
  ) : (
    <>our phone line</>
  );
}

/** The shared frame: heading, date, the seller note when it could not load, the text, related pages. */
function PolicyLayout({
  path,
  eyebrow,
  title,
  lede,
  children,
}: {
  path: string;
  eyebrow: string;
  title: string;
  lede: string;
  children: ReactNode;
}) {
  const origin = useSiteOrigin();
  const { failed } = useSiteSeller();
  usePageHead({
    canonical: path,
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'WebPage', name: title, publisher: organisation(origin) },
      breadcrumbList(origin, [
        ['Home', '/'],
        [title, path],
      ]),
    ],
  });
  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="page-intro__title">{title}</h1>
          <p className="page-intro__lede">{lede}</p>
          <p className="policy__updated">Last updated {POLICIES_UPDATED}</p>
        </div>
      </header>
      <div className="container policy">
        {failed ? (
          <p className="error-note" role="alert">
            Our contact details could not be loaded just now. Please reload the page.
          </p>
        ) : null}
        <article className="policy__body">{children}</article>
        <nav aria-label="Policies" className="policy__related">
          <h2 className="policy__related-title">Policies and contact</h2>
          <ul>
            {POLICY_LINKS.map((link) => (
              <li key={link.path}>
                {link.path === path ? (
                  <span aria-current="page">{link.label}</span>
                ) : (
                  <Link to={link.path}>{link.label}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}

/** The seller's identity block, used on several pages. */
function SellerCard({ seller }: { seller: SiteSeller | null }) {
  if (!seller) return <p className="policy__placeholder">Loading our contact details…</p>;
  return (
    <address className="seller-card">
      <strong className="seller-card__name">{seller.name}</strong>
      <span>{seller.address}</span>
      <span>
        E-mail: <Email seller={seller} />
      </span>
      <span>
        Phone: <Phone seller={seller} />
      </span>
      <span>GSTIN: {seller.gstin}</span>
    </address>
  );
}

/** `/contact-us` */
export function ContactPage() {
  const { seller } = useSiteSeller();
  return (
    <PolicyLayout
      path="/contact-us"
      eyebrow="Contact us"
      title="Talk to the Atelier team"
      lede="Questions about a course, a payment, a study trip or a consultation: write or call, and a person answers."
    >
      <section aria-labelledby="contact-write">
        <h2 id="contact-write">Send us a message</h2>
        <p>Write to us here and a person answers within two working days, by e-mail or a call.</p>
        <Suspense fallback={null}>
          <ContactForm />
        </Suspense>
      </section>
      <section aria-labelledby="contact-who">
        <h2 id="contact-who">Who we are</h2>
        <p>
          Atelier is an online school of architecture and design based in India. We run live cohort courses
          and masterclasses, recorded courses, architecture study trips and design consultations. The business
          is operated by:
        </p>
        <SellerCard seller={seller} />
      </section>
      <section aria-labelledby="contact-how">
        <h2 id="contact-how">How to reach us</h2>
        <ul>
          <li>
            <strong>E-mail</strong> <Email seller={seller} />: the fastest way for anything about an order.
            Please include your order number or the e-mail address you paid with.
          </li>
          <li>
            <strong>Phone and WhatsApp</strong> <Phone seller={seller} />: Monday to Saturday, 10:00 to 18:00
            India time (IST), except public holidays.
          </li>
          <li>
            <strong>Post</strong>: at the registered address above.
          </li>
        </ul>
        <p>
          We answer every e-mail within two working days, and payment or access problems within one working
          day. For a refund or cancellation, see the{' '}
          <Link to="/cancellation-and-refund-policy">cancellation and refund policy</Link>.
        </p>
      </section>
      <section aria-labelledby="contact-grievance">
        <h2 id="contact-grievance">Complaints and grievances</h2>
        <p>
          If a reply did not solve your problem, write to <Email seller={seller} /> with the subject
          “Grievance”. Our grievance officer acknowledges it within 48 hours and resolves it within 30 days,
          as the Consumer Protection (E-Commerce) Rules, 2020 and the Digital Personal Data Protection Act,
          2023 ask.
        </p>
      </section>
    </PolicyLayout>
  );
}

/** `/terms-and-conditions` */
export function TermsPage() {
  const { seller } = useSiteSeller();
  const name = seller?.name ?? 'the company named on our contact page';
  return (
    <PolicyLayout
      path="/terms-and-conditions"
      eyebrow="Terms and conditions"
      title="Terms and conditions"
      lede="The agreement between you and Atelier when you create an account, join a course, a trip or a consultation, or pay us."
    >
      <section aria-labelledby="terms-who">
        <h2 id="terms-who">1. Who you deal with</h2>
        <p>
          Atelier (“we”, “us”) is operated by {name}
          {seller ? `, ${seller.address} (GSTIN ${seller.gstin})` : ''}. By using this website, creating an
          account or paying for anything on it you accept these terms, our{' '}
          <Link to="/privacy-policy">privacy policy</Link> and our{' '}
          <Link to="/cancellation-and-refund-policy">cancellation and refund policy</Link>.
        </p>
      </section>
      <section aria-labelledby="terms-services">
        <h2 id="terms-services">2. What we offer</h2>
        <ul>
          <li>
            <strong>Live cohort courses and masterclasses</strong>: sessions taught live online on the dates
            and times shown on the course page, with recordings, assignments and feedback on your dashboard.
          </li>
          <li>
            <strong>Recorded courses</strong>: pre-recorded sessions you follow at your own pace.
          </li>
          <li>
            <strong>Study trips</strong>: small-group architecture tours; the trip page states what the price
            includes (guiding, entries, stays) and what it does not (usually travel to the starting city).
          </li>
          <li>
            <strong>Design consultations</strong>: online sessions with a practising architect or designer on
            your project, in the package you choose.
          </li>
        </ul>
        <p>
          Everything we sell is a service delivered online or in person; we ship no physical goods. How and
          when access is delivered is set out in the{' '}
          <Link to="/shipping-and-delivery-policy">delivery policy</Link>.
        </p>
      </section>
      <section aria-labelledby="terms-account">
        <h2 id="terms-account">3. Your account</h2>
        <p>
          Give your real name, e-mail and mobile number; certificates and invoices are issued in that name.
          Keep your sign-in codes and password to yourself: a course seat is for one person and may not be
          shared. Learners under 18 need a parent or guardian to agree to these terms and to pay.
        </p>
      </section>
      <section aria-labelledby="terms-prices">
        <h2 id="terms-prices">4. Prices and payment</h2>
        <ul>
          <li>
            Prices are shown in Indian rupees (₹) to visitors in India and in US dollars ($) elsewhere. Every
            price includes GST at 18 %; your tax invoice shows the tax separately and can be downloaded from
            your dashboard.
          </li>
          <li>
            Payments are processed by our payment partner (Razorpay) by card, UPI, net banking or wallet. We
            never see or store your card number.
          </li>
          <li>
            <strong>Instalments</strong>: where a course offers them, the amounts and due dates are fixed when
            you buy. If an instalment is overdue, access to the course dashboard pauses until it is paid, and
            resumes at once when it is.
          </li>
          <li>
            <strong>Coupons and coins</strong>: a coupon applies only as its terms say, once per learner;
            coins earned through referrals can pay part of a price as shown at checkout. Neither can be
            exchanged for cash, except a referral payout we have approved.
          </li>
          <li>
            A seat is yours only once payment is confirmed; an unpaid order is released after 30 minutes.
          </li>
        </ul>
      </section>
      <section aria-labelledby="terms-changes">
        <h2 id="terms-changes">5. Changes to a course or trip</h2>
        <p>
          We may move a session or change an instructor when we must; we tell you by e-mail and on your
          dashboard, and record every session we move. If we cancel a batch or a trip, or move its start by
          more than 14 days, you choose between a full refund and a place in another batch or departure.
        </p>
      </section>
      <section aria-labelledby="terms-use">
        <h2 id="terms-use">6. Course material and conduct</h2>
        <p>
          Course videos, drawings, templates and notes are licensed to you for your own learning. Do not
          record live sessions, share your access, or republish the material. Be respectful in sessions and
          groups; we may remove, without refund, a learner who harasses others or breaches these rules. Work
          you make in a course stays yours; we may show it on our site only with your permission.
        </p>
      </section>
      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">7. Our responsibility</h2>
        <p>
          We teach with care, but a course does not guarantee admission, employment or a professional licence.
          Consultation advice is design guidance, not a structural or legal certificate for construction. Our
          total liability for any order is limited to the amount you paid for it. Nothing here limits rights
          you have under the Consumer Protection Act, 2019.
        </p>
      </section>
      <section aria-labelledby="terms-law">
        <h2 id="terms-law">8. Law and disputes</h2>
        <p>
          These terms are governed by the laws of India. Please contact us first (<Email seller={seller} />
          ); if we cannot resolve a dispute together, the courts of the city of our registered office have
          jurisdiction. We may update these terms; the date above shows the latest version, and an order is
          governed by the terms in force when it was paid.
        </p>
      </section>
    </PolicyLayout>
  );
}

/** `/privacy-policy` */
export function PrivacyPage() {
  const { seller } = useSiteSeller();
  return (
    <PolicyLayout
      path="/privacy-policy"
      eyebrow="Privacy policy"
      title="Privacy policy"
      lede="What we collect about you, why, who we share it with, how long we keep it, and your rights."
    >
      <section aria-labelledby="privacy-controller">
        <h2 id="privacy-controller">Who is responsible</h2>
        <p>
          {seller?.name ?? 'The company named on our contact page'} is the data fiduciary for personal data
          collected through this site, under the Digital Personal Data Protection Act, 2023. Questions and
          requests go to <Email seller={seller} />.
        </p>
      </section>
      <section aria-labelledby="privacy-collect">
        <h2 id="privacy-collect">What we collect</h2>
        <ul>
          <li>
            <strong>Account details</strong>: name, e-mail, mobile number, and what you add to your profile
            (city, profession, college, portfolio links, photo).
          </li>
          <li>
            <strong>Orders</strong>: what you bought, amounts, your GSTIN if you give one, and the payment
            reference our payment partner returns. Card, UPI and bank details are handled by Razorpay, never
            by us.
          </li>
          <li>
            <strong>Learning</strong>: enrolments, attendance, assignments you upload, quiz answers, feedback
            and certificates.
          </li>
          <li>
            <strong>Technical data</strong>: your IP address (to show prices in your currency and to protect
            accounts), browser type, and what is kept in your browser’s local storage to keep you signed in.
            We use no advertising cookies.
          </li>
        </ul>
      </section>
      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">Why we use it</h2>
        <p>
          To give you access to what you bought, to send sign-in codes, receipts, class reminders and
          invoices, to answer your questions, to keep the service secure, and to meet tax and accounting law.
          With your consent we also tell you about new courses; every such message has a way to stop them.
        </p>
      </section>
      <section aria-labelledby="privacy-share">
        <h2 id="privacy-share">Who we share it with</h2>
        <p>
          Only with those who help us deliver the service, under contract and for that purpose: our payment
          partner (Razorpay), e-mail and SMS providers, our hosting and storage providers, and the instructors
          of your course (your name and work). We share data with authorities only when the law requires it.
          We never sell personal data.
        </p>
      </section>
      <section aria-labelledby="privacy-keep">
        <h2 id="privacy-keep">How long we keep it</h2>
        <p>
          Your account data for as long as your account exists. Invoices and payment records for the period
          Indian GST and accounting law requires (at least eight years). Security logs for up to one year.
          When you delete your account we erase or anonymise the rest within 30 days.
        </p>
      </section>
      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your rights</h2>
        <p>
          You may ask for a summary of the data we hold about you, its correction or erasure, withdraw a
          consent you gave, and nominate someone to act for you. Write to <Email seller={seller} />; we answer
          within 30 days. If you are not satisfied, you may complain to the Data Protection Board of India.
        </p>
      </section>
      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">Security and children</h2>
        <p>
          Data travels encrypted (HTTPS), passwords are stored only as strong hashes, and staff see only what
          their work needs. Learners under 18 use the site with a parent’s or guardian’s consent; we do not
          track children or show them targeted advertising.
        </p>
      </section>
    </PolicyLayout>
  );
}

/** `/cancellation-and-refund-policy` */
export function RefundPolicyPage() {
  const { seller } = useSiteSeller();
  return (
    <PolicyLayout
      path="/cancellation-and-refund-policy"
      eyebrow="Cancellation and refunds"
      title="Cancellation and refund policy"
      lede="When you can cancel, how much comes back, and how quickly it reaches your account."
    >
      <section aria-labelledby="refund-live">
        <h2 id="refund-live">Live cohort courses and masterclasses</h2>
        <ul>
          <li>
            Cancel <strong>before the first live session</strong>: a full refund.
          </li>
          <li>
            Cancel <strong>within 7 days after the first session</strong>, having attended no more than two
            sessions: a refund of 50 % of the amount paid, or a free move to the next batch (once).
          </li>
          <li>
            After that, no refund; you keep access to the recordings for the period the course page states.
          </li>
          <li>
            If <strong>we</strong> cancel the batch or move its start by more than 14 days: a full refund or a
            place in another batch, as you choose.
          </li>
        </ul>
      </section>
      <section aria-labelledby="refund-recorded">
        <h2 id="refund-recorded">Recorded courses</h2>
        <p>
          A full refund if you ask within 7 days of purchase and have watched no more than two sessions. After
          that, no refund.
        </p>
      </section>
      <section aria-labelledby="refund-instalments">
        <h2 id="refund-instalments">Instalments, coupons and coins</h2>
        <p>
          For a course bought in instalments the rules above apply to the instalments paid so far, and a
          cancelled plan asks for no further instalments. A coupon’s discount is not refunded in cash. Coins
          you spent on an order are returned to your coins wallet.
        </p>
      </section>
      <section aria-labelledby="refund-trips">
        <h2 id="refund-trips">Study trips</h2>
        <ul>
          <li>More than 45 days before departure: a full refund minus a 10 % booking charge.</li>
          <li>30 to 45 days before departure: 50 % of the trip price.</li>
          <li>
            Less than 30 days before departure: no refund, as stays and entries are booked and paid by then;
            you may transfer your place to a friend at no charge.
          </li>
          <li>If we cancel a departure: a full refund, or a place on another departure.</li>
        </ul>
      </section>
      <section aria-labelledby="refund-consultations">
        <h2 id="refund-consultations">Design consultations</h2>
        <p>
          Reschedule free of charge up to 24 hours before a meeting. Cancel more than 48 hours before the
          first meeting for a full refund. Once the first meeting has taken place, no refund for that package.
        </p>
      </section>
      <section aria-labelledby="refund-how">
        <h2 id="refund-how">How to ask, and how long it takes</h2>
        <ol>
          <li>
            Write to <Email seller={seller} /> from the e-mail you paid with, with your order or invoice
            number.
          </li>
          <li>We confirm within 2 working days whether and how much is refunded.</li>
          <li>
            An approved refund is sent to the <strong>original payment method</strong> within 5 to 7 working
            days; your bank may take a few more days to show it. We issue a credit note against your tax
            invoice.
          </li>
        </ol>
        <p>
          If money left your account but the payment failed or no order was confirmed, it is returned
          automatically by the payment provider within 5 to 7 working days; if not, write to us and we will
          trace it.
        </p>
      </section>
    </PolicyLayout>
  );
}

/** `/shipping-and-delivery-policy` */
export function DeliveryPolicyPage() {
  const { seller } = useSiteSeller();
  return (
    <PolicyLayout
      path="/shipping-and-delivery-policy"
      eyebrow="Shipping and delivery"
      title="How access is delivered"
      lede="We ship nothing physical: everything you buy is delivered to your dashboard and your inbox."
    >
      <section aria-labelledby="delivery-when">
        <h2 id="delivery-when">Right after payment</h2>
        <ul>
          <li>
            The course appears on your <Link to="/dashboard">dashboard</Link> as soon as the payment is
            confirmed, usually within a minute.
          </li>
          <li>
            A receipt e-mail with what you bought, the amount, your invoice number and a link to your
            dashboard follows within minutes. Your tax invoice (PDF) can be downloaded from your order.
          </li>
          <li>
            If you paid as a guest, the account is created with the e-mail and mobile number you gave; sign in
            with a one-time code sent to either.
          </li>
        </ul>
      </section>
      <section aria-labelledby="delivery-live">
        <h2 id="delivery-live">Live courses and masterclasses</h2>
        <p>
          The schedule and the link to each live session are on your dashboard; we also send a reminder by
          e-mail before each session. Recordings of live sessions are added to the dashboard within 48 hours,
          and stay available for the period the course page states. Certificates are issued on the dashboard
          when a module is completed.
        </p>
      </section>
      <section aria-labelledby="delivery-recorded">
        <h2 id="delivery-recorded">Recorded courses</h2>
        <p>
          Every session is available on the dashboard at once, for the access period shown on the course page.
        </p>
      </section>
      <section aria-labelledby="delivery-trips">
        <h2 id="delivery-trips">Study trips</h2>
        <p>
          Your booking confirmation arrives by e-mail at once; the itinerary and joining instructions within 3
          working days; final details (meeting point, contacts, what to bring) 7 days before departure.
        </p>
      </section>
      <section aria-labelledby="delivery-consultations">
        <h2 id="delivery-consultations">Design consultations</h2>
        <p>
          Within 2 working days we assign your architect, who writes to you to schedule the first online
          meeting at a time that suits you. Drawings and notes are shared by e-mail and on your dashboard.
        </p>
      </section>
      <section aria-labelledby="delivery-missing">
        <h2 id="delivery-missing">Nothing arrived?</h2>
        <p>
          Check your spam folder, then write to <Email seller={seller} /> or call <Phone seller={seller} />{' '}
          with your order number. If access was not delivered within 24 hours of a confirmed payment, we
          deliver it or refund you in full.
        </p>
      </section>
    </PolicyLayout>
  );
}
