import type { PublicResourceFile } from '@atelier/contract';
import { Link } from 'react-router';
import { DownloadIcon, FileIcon } from '../../components/ui/icons';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { usePageHead } from '../../lib/head-context';
import { toSafeLink } from '../../lib/links';
import { breadcrumbList } from '../../lib/seo';
import { useSession } from '../../lib/session';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { usePublicResources } from './api/public-resources';
import './resources.css';

const KIND_LABELS: Record<PublicResourceFile['kind'], string> = {
  pdf: 'PDF',
  image: 'Image',
  video: 'Video',
  cad: 'CAD drawing',
  archive: 'Archive',
  link: 'Link',
};

/** `1_450_000` → `'1.4 MB'`. */
function formatSize(bytes: number | null): string {
  if (!bytes) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `/resources` (spec §2): the public files (drawing sets, checklists), PDFs to open or download. */
export function ResourcesPage() {
  const { files, isError } = usePublicResources();
  const signedIn = useSession() !== null;
  const origin = useSiteOrigin();
  usePageHead({
    canonical: '/resources',
    jsonLd: [
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Free resources', '/resources'],
      ]),
    ],
  });
  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <p className="eyebrow">Free to use</p>
          <h1 className="page-intro__title">Resources</h1>
          <p className="page-intro__lede">
            Drawing sets, checklists and reading lists for your studio and portfolio. Members find more in
            their dashboard.
          </p>
        </div>
      </header>
      <div className="container resources">
        {files.length === 0 ? (
          <p className="empty-note">
            {isError
              ? 'Resources could not be loaded just now. Please try again shortly.'
              : 'New resources are on their way.'}
          </p>
        ) : (
          <ul className="resource-list">
            {files.map((file, index) => {
              const meta = [KIND_LABELS[file.kind], formatSize(file.sizeBytes), `${file.downloads} downloads`]
                .filter(Boolean)
                .join(' · ');
              const link = toSafeLink(file.downloadUrl);
              const external = link?.kind === 'external';
              return (
                <li key={file.id} className="resource">
                  <div className={`resource__thumb cover cover--${index % 6}`}>
                    {file.thumbnail ? (
                      <ResponsiveImage
                        src={file.thumbnail}
                        width={640}
                        height={400}
                        sizes="(min-width: 768px) 200px, 30vw"
                      />
                    ) : (
                      <FileIcon className="resource__icon" />
                    )}
                  </div>
                  <div className="resource__body">
                    <h2 className="resource__name">
                      {file.name.replace(/\.(pdf|jpe?g|png|dwg|dxf|zip)$/i, '')}
                    </h2>
                    {file.description ? <p className="resource__description">{file.description}</p> : null}
                    <p className="resource__meta">{meta}</p>
                  </div>
                  {link ? (
                    <a
                      className="button button--quiet resource__action"
                      href={link.kind === 'internal' ? link.to : link.href}
                      {...(external ? { rel: 'noopener noreferrer' } : {})}
                    >
                      <DownloadIcon className="icon--sm" />
                      {external ? 'Open' : 'Download'}
                      <span className="visually-hidden"> {file.name}</span>
                    </a>
                  ) : (
                    <span className="resource__members">Members only</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <aside className="members-card" aria-labelledby="members-title">
          <div>
            <p className="eyebrow">For learners</p>
            <h2 id="members-title" className="members-card__title">
              The full library lives in your dashboard
            </h2>
            <p>
              CAD blocks, detail libraries, software templates and every session&apos;s files, for enrolled
              learners.
            </p>
          </div>
          {signedIn ? (
            <Link to="/dashboard/resources" className="button button--primary">
              Open the library
            </Link>
          ) : (
            <Link
              to={`/auth/login?next=${encodeURIComponent('/dashboard/resources')}`}
              className="button button--primary"
            >
              Log in to the library
            </Link>
          )}
        </aside>
      </div>
    </>
  );
}
