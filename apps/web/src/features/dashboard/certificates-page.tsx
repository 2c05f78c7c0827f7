import { PageIntro } from '../../components/ui/page-intro';

/** `/dashboard/my-certificates` (spec §2). The certificate list arrives with the dashboard issue. */
export function CertificatesPage() {
  return (
    <PageIntro
      eyebrow="Dashboard"
      title="My certificates"
      lede="Certificates you have earned, ready to download and share."
    />
  );
}
