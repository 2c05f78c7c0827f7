import type {
  LearnerResourceFile,
  LearnerResourceFolder,
  ResourceCrumb,
  ResourceSearchHit,
} from '@atelier/contract';
import { RESOURCE_SEARCH_MAX_LENGTH } from '@atelier/contract';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CloseIcon, DownloadIcon, FileIcon, SearchIcon } from '../../components/ui/icons';
import { ErrorNote, LoadingNote } from '../../components/ui/load-states';
import { readId } from '../../lib/api/paths';
import { useAppDispatch } from '../../lib/store';
import {
  fetchResourceFile,
  ResourcePdfError,
  useGetResourceFolderQuery,
  useGetResourceRootQuery,
  useRecordBannerClickMutation,
  useSearchResourcesQuery,
} from './api/learner-resources-api';
import './learner-resources.css';

/** Where a learner without an entitling enrolment is sent to unlock premium files. */
export const CATALOGUE_PATH = '/courses-and-workshops';
const LIBRARY_PATH = '/dashboard/resources';
/** Milliseconds the search waits after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_PAGE = 20;

const KIND_LABELS: Record<LearnerResourceFile['kind'], string> = {
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

/** The name a download is saved under: a PDF's name ends in .pdf; other files keep their record's name. */
function savedName(file: LearnerResourceFile): string {
  if (!file.viewable) return file.name;
  return file.name.toLowerCase().endsWith('.pdf') ? file.name : `${file.name}.pdf`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function folderHref(id: number | null): string {
  return id === null ? LIBRARY_PATH : `${LIBRARY_PATH}?folder=${id}`;
}

function LockIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3"
      />
    </svg>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: readonly ResourceCrumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="lib-crumbs">
      <ol>
        <li>
          {crumbs.length === 0 ? (
            <span aria-current="page">Library</span>
          ) : (
            <Link to={LIBRARY_PATH}>Library</Link>
          )}
        </li>
        {crumbs.map((crumb, i) => (
          <li key={crumb.id}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={folderHref(crumb.id)}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function PremiumChip({ locked }: { locked: boolean }) {
  return (
    <span className={`chip lib-premium${locked ? ' lib-premium--locked' : ''}`}>
      {locked ? <LockIcon className="lib-premium__icon" /> : null}
      Premium
      {locked ? <span className="visually-hidden"> (locked)</span> : null}
    </span>
  );
}

function FolderGrid({ folders, label }: { folders: readonly LearnerResourceFolder[]; label: string }) {
  if (folders.length === 0) return null;
  return (
    <ul className="lib-folders" aria-label={label}>
      {folders.map((folder) => (
        <li key={folder.id}>
          <Link className="lib-folder" to={folderHref(folder.id)}>
            <span className="lib-folder__name">{folder.name}</span>
            {folder.description ? (
              <span className="lib-folder__description">{folder.description}</span>
            ) : null}
            <span className="lib-folder__meta">
              {[
                folder.folderCount > 0 ? plural(folder.folderCount, 'folder', 'folders') : null,
                plural(folder.fileCount, 'file', 'files'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {folder.isPremium ? <PremiumChip locked={folder.locked} /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What the page does with a file: open the viewer, download it. */
interface FileActions {
  onView: (file: LearnerResourceFile, trigger: HTMLElement) => void;
  onDownload: (file: LearnerResourceFile) => void;
  downloading: number | null;
}

function FileRow({
  file,
  actions,
  folderName,
}: {
  file: LearnerResourceFile;
  actions: FileActions;
  folderName?: string | null;
}) {
  const meta = [KIND_LABELS[file.kind], formatSize(file.sizeBytes), folderName ? `in ${folderName}` : null]
    .filter(Boolean)
    .join(' · ');
  // A stored drawing, archive or image downloads through our route; anything else is a link.
  const stored = file.downloadUrl !== null && !file.viewable && file.downloadUrl.startsWith('/api/');
  const external = file.downloadUrl !== null && !file.viewable && !stored;
  const downloadButton = (
    <button
      type="button"
      className={`button ${stored ? 'button--primary' : 'button--quiet'}`}
      onClick={() => actions.onDownload(file)}
      disabled={actions.downloading === file.id}
    >
      <DownloadIcon className="icon--sm" />
      {actions.downloading === file.id ? 'Downloading…' : 'Download'}
      <span className="visually-hidden"> {file.name}</span>
    </button>
  );
  return (
    <li className={`lib-file${file.locked ? ' lib-file--locked' : ''}`}>
      <FileIcon className="lib-file__icon" />
      <div className="lib-file__body">
        <h3 className="lib-file__name">{file.name}</h3>
        {file.description ? <p className="lib-file__description">{file.description}</p> : null}
        <p className="lib-file__meta">
          {meta}
          {file.isPremium ? <PremiumChip locked={file.locked} /> : null}
        </p>
      </div>
      <div className="lib-file__actions">
        {file.locked ? (
          <Link className="button button--quiet lib-file__unlock" to={CATALOGUE_PATH}>
            <LockIcon />
            Enrol to unlock<span className="visually-hidden"> {file.name}</span>
          </Link>
        ) : file.viewable ? (
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={(event) => actions.onView(file, event.currentTarget)}
            >
              View<span className="visually-hidden"> {file.name}</span>
            </button>
            {downloadButton}
          </>
        ) : stored ? (
          downloadButton
        ) : external ? (
          <a
            className="button button--quiet"
            href={file.downloadUrl!}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open<span className="visually-hidden"> {file.name} (opens in a new tab)</span>
          </a>
        ) : (
          <span className="lib-file__soon">Download coming soon</span>
        )}
      </div>
    </li>
  );
}

function FileList({
  files,
  actions,
  label,
}: {
  files: readonly LearnerResourceFile[];
  actions: FileActions;
  label: string;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="lib-files" aria-label={label}>
      {files.map((file) => (
        <FileRow key={file.id} file={file} actions={actions} />
      ))}
    </ul>
  );
}

/** The explanation for learners who are not entitled, with the way to the catalogue. */
function PremiumNotice() {
  const [recordClick] = useRecordBannerClickMutation();
  const titleId = useId();
  return (
    <aside className="lib-notice" aria-labelledby={titleId}>
      <LockIcon className="lib-notice__icon" />
      <div>
        <h2 id={titleId} className="lib-notice__title">
          Premium files are for enrolled learners
        </h2>
        <p>
          Files marked Premium open once you are enrolled in any course or masterclass. Everything else in the
          library is yours to use now.
        </p>
      </div>
      <Link
        className="button button--primary"
        to={CATALOGUE_PATH}
        onClick={() => {
          void recordClick({ banner: 'resources-premium', link: CATALOGUE_PATH });
        }}
      >
        Browse courses
      </Link>
    </aside>
  );
}

/** The PDF viewer inside the page: the file fetched with the session, shown from a blob: address. */
function PdfViewer({ file, onClose }: { file: LearnerResourceFile; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{ url: string } | { error: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    dispatch(fetchResourceFile(file.downloadUrl!, { signal: controller.signal, pdf: true }))
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          error: error instanceof ResourcePdfError ? error.message : 'The file could not be loaded just now.',
        });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [dispatch, file.downloadUrl]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [file.id]);

  // Escape inside the viewer closes it (focus then returns to the View button).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && sectionRef.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <section className="lib-viewer" aria-labelledby={titleId} ref={sectionRef}>
      <header className="lib-viewer__head">
        <h2 id={titleId} className="lib-viewer__title" ref={headingRef} tabIndex={-1}>
          {file.name}
        </h2>
        <button type="button" className="button button--quiet lib-viewer__close" onClick={onClose}>
          <CloseIcon className="icon--sm" />
          Close viewer
        </button>
      </header>
      {state === null ? (
        <LoadingNote>Opening {file.name}…</LoadingNote>
      ) : 'error' in state ? (
        <p className="load-error" role="alert">
          {state.error}
        </p>
      ) : (
        <>
          <iframe className="lib-viewer__frame" src={state.url} title={`${file.name} (PDF)`} />
          <p className="lib-viewer__fallback">
            No preview on this device?{' '}
            <a href={state.url} download={file.name}>
              Download {file.name}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

function SearchResults({
  query,
  actions,
  onLeave,
}: {
  query: string;
  actions: FileActions;
  /** A folder of the results was opened: the search gives way to it. */
  onLeave: () => void;
}) {
  // Keyed by the query (see the page), so a new search starts at its first page.
  const [offset, setOffset] = useState(0);
  const { currentData, isFetching, isError, error, refetch } = useSearchResourcesQuery({
    query,
    offset,
    limit: SEARCH_PAGE,
  });
  let body: ReactNode;
  if (isError) body = <ErrorNote error={error} onRetry={() => void refetch()} what="The search" />;
  else if (!currentData) body = <LoadingNote>Searching…</LoadingNote>;
  else if (currentData.results.length === 0)
    body = <p className="empty-note">No files or folders match “{query}”.</p>;
  else {
    const { total, limit } = currentData;
    body = (
      <>
        <p className="lib-results__count" role="status">
          {plural(total, 'result', 'results')} for “{query}”
        </p>
        <ul className="lib-results" aria-label="Search results">
          {currentData.results.map((hit: ResourceSearchHit) =>
            hit.type === 'folder' ? (
              <li key={`folder-${hit.folder.id}`} className="lib-result-folder">
                <Link className="lib-folder lib-folder--row" to={folderHref(hit.folder.id)} onClick={onLeave}>
                  <span className="lib-folder__name">
                    <span className="visually-hidden">Folder: </span>
                    {hit.folder.name}
                  </span>
                  <span className="lib-folder__meta">{plural(hit.folder.fileCount, 'file', 'files')}</span>
                  {hit.folder.isPremium ? <PremiumChip locked={hit.folder.locked} /> : null}
                </Link>
              </li>
            ) : (
              <FileRow
                key={`file-${hit.file.id}`}
                file={hit.file}
                actions={actions}
                folderName={hit.folderName}
              />
            ),
          )}
        </ul>
        {total > limit ? (
          <nav className="lib-pager" aria-label="Search result pages">
            <button
              type="button"
              className="button button--quiet"
              disabled={offset === 0 || isFetching}
              onClick={() => setOffset(Math.max(0, offset - limit))}
            >
              Previous
            </button>
            <span>
              {offset + 1}–{Math.min(offset + limit, total)} of {total}
            </span>
            <button
              type="button"
              className="button button--quiet"
              disabled={offset + limit >= total || isFetching}
              onClick={() => setOffset(offset + limit)}
            >
              Next
            </button>
          </nav>
        ) : null}
      </>
    );
  }
  return (
    <section className="lib-section" aria-label="Search">
      {body}
    </section>
  );
}

function RootView() {
  const { currentData, isError, error, refetch } = useGetResourceRootQuery();
  if (isError) return <ErrorNote error={error} onRetry={() => void refetch()} what="The library" />;
  if (!currentData) return <LoadingNote>Loading the library…</LoadingNote>;
  return (
    <>
      <Breadcrumbs crumbs={[]} />
      {currentData.isEntitled || !currentData.folders.some((f) => f.isPremium) ? null : <PremiumNotice />}
      {currentData.folders.length === 0 ? (
        <p className="empty-note">The library is empty for now. New files are on their way.</p>
      ) : (
        <FolderGrid folders={currentData.folders} label="Folders" />
      )}
    </>
  );
}

function FolderView({ id, actions }: { id: number; actions: FileActions }) {
  const { currentData, isError, error, refetch } = useGetResourceFolderQuery(id);
  if (isError)
    return (
      <>
        <Breadcrumbs crumbs={[]} />
        <ErrorNote error={error} onRetry={() => void refetch()} what="This folder" />
      </>
    );
  if (!currentData) return <LoadingNote>Loading the folder…</LoadingNote>;
  const { folder, breadcrumb, subfolders, files, filesTotal, isEntitled } = currentData;
  const anyLocked =
    !isEntitled && (folder.isPremium || files.some((f) => f.locked) || subfolders.some((f) => f.locked));
  return (
    <>
      <Breadcrumbs crumbs={breadcrumb} />
      <div className="lib-folder-head">
        <h2 className="lib-folder-head__title">{folder.name}</h2>
        {folder.isPremium ? <PremiumChip locked={folder.locked} /> : null}
      </div>
      {folder.description ? <p className="lib-folder-head__description">{folder.description}</p> : null}
      {anyLocked ? <PremiumNotice /> : null}
      <FolderGrid folders={subfolders} label="Subfolders" />
      <FileList files={files} actions={actions} label="Files" />
      {filesTotal > files.length ? (
        <p className="lib-more">
          Showing the first {files.length} of {filesTotal} files. Search to find the others.
        </p>
      ) : null}
      {subfolders.length === 0 && files.length === 0 ? (
        <p className="empty-note">This folder is empty.</p>
      ) : null}
    </>
  );
}

/** `/dashboard/resources` (spec §2, §7 "Resources"): the learners' library. */
export function LearnerResourcesPage() {
  const [params] = useSearchParams();
  const folderId = readId(params.get('folder'));
  const [text, setText] = useState('');
  const debounced = useDebounced(text.trim().slice(0, RESOURCE_SEARCH_MAX_LENGTH), SEARCH_DEBOUNCE_MS);
  // An emptied box shows the folders at once; typing searches after the pause.
  const query = text.trim() ? debounced : '';
  const [viewing, setViewing] = useState<LearnerResourceFile | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const dispatch = useAppDispatch();
  const searchId = useId();

  const closeViewer = useCallback(() => {
    setViewing(null);
    trigger.current?.focus();
  }, []);

  const actions: FileActions = {
    onView: (file, element) => {
      trigger.current = element;
      setViewing(file);
    },
    onDownload: (file) => {
      if (!file.downloadUrl) return;
      setDownloading(file.id);
      setDownloadError(null);
      dispatch(fetchResourceFile(file.downloadUrl, { pdf: file.viewable }))
        .then((blob) => {
          const href = URL.createObjectURL(blob);
          const link = document.createElement('a');
          link.href = href;
          link.download = savedName(file);
          document.body.appendChild(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(href), 30_000);
        })
        .catch((error: unknown) => {
          setDownloadError(error instanceof ResourcePdfError ? error.message : 'The download failed.');
        })
        .finally(() => setDownloading(null));
    },
    downloading,
  };

  return (
    <div className="lib">
      <header className="lib__intro">
        <div className="container">
          <p className="eyebrow">Dashboard</p>
          <h1 className="lib__title">Resources</h1>
          <p className="lib__lede">Drawing sets, templates, libraries and guides for your studio work.</p>
          <form
            className="lib-search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
            }}
          >
            <label htmlFor={searchId} className="lib-search__label">
              Search the library
            </label>
            <div className="lib-search__field">
              <SearchIcon className="lib-search__icon" />
              <input
                id={searchId}
                type="search"
                value={text}
                maxLength={RESOURCE_SEARCH_MAX_LENGTH}
                placeholder="Stairs, Revit doors, portfolio…"
                autoComplete="off"
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && text) {
                    event.preventDefault();
                    setText('');
                  }
                }}
              />
            </div>
          </form>
        </div>
      </header>
      <div className="container lib__body">
        {downloadError ? (
          <p className="load-error" role="alert">
            {downloadError}
          </p>
        ) : null}
        {viewing ? <PdfViewer key={viewing.id} file={viewing} onClose={closeViewer} /> : null}
        {query ? (
          <SearchResults key={query} query={query} actions={actions} onLeave={() => setText('')} />
        ) : folderId !== null ? (
          <FolderView key={folderId} id={folderId} actions={actions} />
        ) : (
          <RootView />
        )}
      </div>
    </div>
  );
}
