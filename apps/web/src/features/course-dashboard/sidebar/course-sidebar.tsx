import { useEffect, useRef } from 'react';
import { BottomSheet, useIsPhone } from './bottom-sheet';
import { CertificatePanel } from './certificate-panel';
import { PANEL_TITLE_ID } from './panel-frame';
import { QuizAnswers } from './quiz-answers';
import { QuizOnboarding } from './quiz-onboarding';
import { QuizQuestions } from './quiz-questions';
import { QuizResult } from './quiz-result';
import { RestingState } from './resting-state';
import { SessionPanel } from './session-panel';
import './sidebar.css';
import type { CourseSidebarProps } from './types';

/** The one open panel. A moderator's read-only view shows the answers instead of the questions. */
function OpenPanel(props: CourseSidebarProps) {
  switch (props.panel) {
    case 'session':
      return <SessionPanel {...props} />;
    case 'quiz-onboarding':
      return <QuizOnboarding {...props} />;
    case 'quiz-questions':
      return props.readOnly ? <QuizAnswers {...props} /> : <QuizQuestions {...props} />;
    case 'quiz-result':
      return <QuizResult {...props} />;
    case 'quiz-answers':
      return <QuizAnswers {...props} />;
    case 'certificate':
      return <CertificatePanel {...props} />;
    default:
      return null;
  }
}

/**
 * The course dashboard's right-hand sidebar (spec §2, issue 15): with no panel open, the next
 * session and the quiz progress rings; otherwise exactly one of the six panels. On a wide screen
 * it is a sticky side column; on a phone (≤ 768 px) an open panel is a modal bottom sheet.
 */
export function CourseSidebar(props: CourseSidebarProps) {
  const { panel, target, onPanel } = props;
  const isPhone = useIsPhone();
  const key = `${panel ?? 'none'}:${target.sessionId ?? ''}:${target.moduleId ?? ''}`;

  // A panel opened (or switched) by the learner takes focus, so a keyboard or screen-reader user
  // lands on its heading rather than on a button that has gone.
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (panel === null) return;
    document.getElementById(PANEL_TITLE_ID)?.focus({ preventScroll: true });
  }, [key, panel]);

  const open = panel !== null ? <OpenPanel key={key} {...props} /> : null;
  return (
    <aside className="course-sidebar" aria-label="Course panel" data-panel={panel ?? 'none'}>
      {open && !isPhone ? (
        <div className="course-sidebar__panel">{open}</div>
      ) : (
        <RestingState
          dashboard={props.dashboard}
          batchId={props.batchId}
          onPanel={onPanel}
          learnerId={props.learnerId}
        />
      )}
      {open && isPhone ? <BottomSheet onClose={() => onPanel(null)}>{open}</BottomSheet> : null}
    </aside>
  );
}
