import type { Certificate, ResponseOf } from '@atelier/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorNote, LoadingNote } from '../../components/ui/load-states';
import { useCopy } from '../../lib/clipboard';
import { formatDay, istWallClock } from '../../lib/format';
import { apiFormMessage } from '../../lib/forms';
import { PROFILE_PATH } from '../../lib/return-path';
import { useAppDispatch } from '../../lib/store';
import {
  certificatesChanged,
  downloadCertificate,
  useGetCertificateDetailsQuery,
  useShareCertificateMutation,
  type CertificateTarget,
  type DownloadProgress,
} from './certificates-api';
import './certificates.css';

type Claimable = ResponseOf<'certificateDetails'>['claimable'][number];

const GENERIC = 'Something went wrong ⚠️';

/** `26 Nov 2026`: the issue day in India, as the certificate prints it. */
function issuedDay(iso: string): string {
  return formatDay(istWallClock(iso)?.date);
}

const titleOf = (c: { type: 'course' | 'module'; courseName: string; certificateTitle: string | null }) =>
  c.type === 'module' ? (c.certificateTitle ?? c.courseName) : c.courseName;

const targetOf = (c: {
  type: 'course' | 'module';
  batchId: number;
  moduleId: number | null;
}): CertificateTarget =>
  c.type === 'module' && c.moduleId !== null
    ? { type: 'module', moduleId: c.moduleId }
    : { type: 'course', batchId: c.batchId };

/** A PDF download with its progress and its error, for one certificate. */
function useDownload() {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const start = async (target: CertificateTarget) => {
    setError(null);
    setSaved(null);
    setProgress({ phase: 'preparing' });
    try {
      const fileName = await dispatch(downloadCertificate(target, setProgress));
      setSaved(fileName);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : GENERIC);
    } finally {
      setProgress(null);
      // The server issues a certificate on its first download: the lists change.
      dispatch(certificatesChanged());
    }
  };
  const status =
    progress === null
      ? saved
        ? `Downloaded ${saved}.`
        : ''
      : progress.phase === 'preparing'
        ? 'Preparing your certificate…'
        : progress.percent === null
          ? 'Downloading…'
          : `Downloading… ${progress.percent}%`;
  return { busy: progress !== null, status, error, start };
}

function CertificateCard({ certificate }: { certificate: Certificate }) {
  const download = useDownload();
  const [share, shareState] = useShareCertificateMutation();
  const [shareError, setShareError] = useState<string | null>(null);
  const [copied, copy] = useCopy();
  const title = titleOf(certificate);
  const headingId = `certificate-${certificate.id}`;

  const shareOnLinkedIn = async () => {
    setShareError(null);
    // Opened at once, in the click, so that popup blockers let it through; filled in when the
    // address arrives.
    const tab = window.open('', '_blank');
    try {
      const { linkedInUrl } = await share({ certificateId: certificate.id }).unwrap();
      if (tab) {
        tab.opener = null;
        tab.location.href = linkedInUrl;
      } else {
        window.open(linkedInUrl, '_blank', 'noopener,noreferrer');
      }
    } catch (failure) {
      tab?.close();
      setShareError(apiFormMessage(failure));
    }
  };

  return (
    <li className="cert-card" aria-labelledby={headingId}>
      <div className="cert-card__head">
        <span className="chip chip--quiet">
          {certificate.type === 'course' ? 'Course certificate' : 'Module certificate'}
        </span>
      </div>
      <h3 id={headingId} className="cert-card__title">
        {title}
      </h3>
      {certificate.type === 'module' ? <p className="cert-card__course">{certificate.courseName}</p> : null}
      <dl className="cert-card__facts">
        <div>
          <dt>Issued</dt>
          <dd>{issuedDay(certificate.issuedAt)}</dd>
        </div>
        <div>
          <dt>Verification code</dt>
          <dd>
            <code className="cert-card__code">{certificate.code}</code>
          </dd>
        </div>
      </dl>
      <div className="cert-card__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void download.start(targetOf(certificate))}
          disabled={download.busy}
          aria-busy={download.busy}
          aria-describedby={`${headingId}-status`}
        >
          {download.busy ? 'Preparing…' : 'Download PDF'}
          <span className="visually-hidden"> of {title}</span>
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void shareOnLinkedIn()}
          disabled={shareState.isLoading}
        >
          Share on LinkedIn<span className="visually-hidden"> ({title})</span>
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => copy(certificate.code, certificate.verifyUrl)}
        >
          {copied === certificate.code ? (
            'Link copied'
          ) : (
            <>
              Copy verification link<span className="visually-hidden"> of {title}</span>
            </>
          )}
        </button>
        <a
          className="text-link cert-card__verify"
          href={certificate.verifyUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          View verification page<span className="visually-hidden"> of {title} (opens in a new tab)</span>
        </a>
      </div>
      <p id={`${headingId}-status`} className="cert-card__status" role="status">
        {[download.status, copied === certificate.code ? 'The verification link is copied.' : '']
          .filter(Boolean)
          .join(' ')}
      </p>
      {download.error || shareError ? (
        <p className="cert-card__error" role="alert">
          {download.error ?? shareError}
        </p>
      ) : null}
    </li>
  );
}

function ClaimableItem({ item }: { item: Claimable }) {
  const download = useDownload();
  const title = titleOf(item);
  const id = `claim-${item.type}-${item.moduleId ?? item.batchId}`;
  return (
    <li className="cert-claim" aria-labelledby={id}>
      <div className="cert-claim__text">
        <span className="chip">{item.type === 'course' ? 'Course completed' : 'Quiz passed'}</span>
        <h3 id={id} className="cert-claim__title">
          {title}
        </h3>
        {item.type === 'module' ? <p className="cert-card__course">{item.courseName}</p> : null}
      </div>
      <div className="cert-claim__action">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void download.start(targetOf(item))}
          disabled={download.busy}
          aria-busy={download.busy}
        >
          {download.busy ? 'Preparing…' : 'Get certificate'}
          <span className="visually-hidden"> for {title}</span>
        </button>
        <p className="cert-card__status" role="status">
          {download.status}
        </p>
        {download.error ? (
          <p className="cert-card__error" role="alert">
            {download.error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** `/dashboard/my-certificates` (spec §2, issue 15): certificates earned and ready to claim. */
export function CertificatesPage() {
  const details = useGetCertificateDetailsQuery();
  const data = details.data;
  const certificates = data?.certificates ?? [];
  const claimable = data?.claimable ?? [];
  const failed = details.isError && !data;

  return (
    <div className="certs-page">
      <header className="certs-page__intro">
        <div className="container">
          <p className="eyebrow">Dashboard</p>
          <h1 className="certs-page__title">My certificates</h1>
          <p className="section-lede">
            Certificates you have earned, ready to download and share. Anyone can check one with its code or
            QR code.
          </p>
        </div>
      </header>
      <div className="container certs-page__body" aria-busy={details.isLoading}>
        {details.isLoading ? <LoadingNote>Loading your certificates…</LoadingNote> : null}
        {failed ? (
          <ErrorNote what="Your certificates" error={details.error} onRetry={() => void details.refetch()} />
        ) : null}
        {data && !data.name ? (
          <p className="cert-notice" role="note">
            Your certificates carry your name: <Link to={PROFILE_PATH}>add it to your profile</Link> before
            you download one.
          </p>
        ) : null}

        {claimable.length > 0 ? (
          <section className="certs-section" aria-labelledby="claim-title">
            <h2 id="claim-title" className="section-title section-title--small">
              Ready to claim
            </h2>
            <ul className="cert-claims">
              {claimable.map((item) => (
                <ClaimableItem key={`${item.type}-${item.batchId}-${item.moduleId ?? ''}`} item={item} />
              ))}
            </ul>
          </section>
        ) : null}

        {!details.isLoading ? (
          <section className="certs-section" aria-labelledby="earned-title">
            <h2 id="earned-title" className="section-title section-title--small">
              Your certificates
            </h2>
            {certificates.length > 0 ? (
              <ul className="cert-cards">
                {certificates.map((c) => (
                  <CertificateCard key={c.id} certificate={c} />
                ))}
              </ul>
            ) : failed ? null : (
              <div className="empty-state certs-empty">
                <p className="empty-state__title">No certificates yet</p>
                <p className="section-lede">
                  Pass a module quiz or complete a course and its certificate appears here, ready to download.
                </p>
                <Link to="/dashboard" className="button button--quiet">
                  Go to your courses
                </Link>
              </div>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
