import { Link } from 'react-router';
import { apiFormMessage } from '../../../lib/forms';
import { useDownloadSidebarCertificateMutation, type CertificateRequest } from './api';
import { placedModule } from './model';
import { PanelFrame } from './panel-frame';
import type { CourseSidebarProps } from './types';

/** The words of a refused download: the queryFn already chose them (envelope or status). */
function certificateMessage(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : apiFormMessage(error);
}

/**
 * Panel 6: a certificate and its PDF — a module's (target.moduleId; its quiz passed) or, without a
 * module, the course certificate of the batch (the course completed). The server decides; its
 * refusal (not completed, quiz not passed, locked) is shown in its own words.
 */
export function CertificatePanel({
  dashboard,
  batchId,
  target,
  onPanel,
  readOnly,
}: Pick<CourseSidebarProps, 'dashboard' | 'batchId' | 'target' | 'onPanel' | 'readOnly'>) {
  const [download, state] = useDownloadSidebarCertificateMutation();
  const placed = placedModule(dashboard, target.moduleId);
  const close = () => onPanel(null);
  if (target.moduleId !== undefined && !placed) {
    return (
      <PanelFrame title="Certificate" onClose={close}>
        <p className="sidebar-muted">This module is not part of this course.</p>
      </PanelFrame>
    );
  }
  const request: CertificateRequest = placed
    ? { kind: 'module', moduleId: placed.module.id }
    : { kind: 'course', batchId };
  const title = placed
    ? (placed.module.certificateTitle ?? `${placed.module.title} certificate`)
    : 'Certificate of completion';
  const certifies = placed
    ? `Awarded for passing the quiz of module ${placed.index}, ${placed.module.title}, of ${dashboard.course.name}.`
    : `Awarded for completing ${dashboard.course.name}.`;
  const back = placed
    ? {
        label: 'Back to the quiz result',
        onClick: () => onPanel('quiz-result', { moduleId: placed.module.id }),
      }
    : undefined;

  return (
    <PanelFrame
      title={title}
      eyebrow={placed ? 'Module certificate' : 'Course certificate'}
      onClose={close}
      back={back}
    >
      <p className="sidebar-text">{certifies}</p>
      <p className="sidebar-muted">
        The PDF carries your name, the date and a verification code with a QR code anyone can check.
      </p>
      {readOnly ? (
        <p className="sidebar-muted">
          Certificates are downloaded by the learner; a moderator&apos;s view cannot issue one.
        </p>
      ) : (
        <div className="sidebar-actions">
          <button
            type="button"
            className="button button--primary button--block"
            disabled={state.isLoading}
            aria-describedby="certificate-download-state"
            onClick={() => void download(request)}
          >
            {state.isLoading ? 'Preparing your PDF…' : 'Download PDF'}
          </button>
        </div>
      )}
      <div id="certificate-download-state">
        {state.isLoading ? (
          <p className="sidebar-muted" role="status">
            Preparing your certificate…
          </p>
        ) : state.isError ? (
          <p className="sidebar-error" role="alert">
            <strong>The certificate could not be downloaded.</strong> {certificateMessage(state.error)}
          </p>
        ) : state.isSuccess ? (
          <p className="sidebar-success" role="status">
            Downloaded {state.data.fileName}.
          </p>
        ) : null}
      </div>
      <p>
        <Link className="sidebar-link" to="/dashboard/my-certificates">
          All my certificates
        </Link>
      </p>
    </PanelFrame>
  );
}
