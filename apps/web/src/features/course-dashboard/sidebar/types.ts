import type { CourseDashboard } from '@atelier/contract';

/**
 * The course dashboard's right-hand sidebar (spec §2): six panels, exactly one open at a time.
 * The page owns which panel is open; the sidebar renders it (a side column on wide screens, a
 * bottom sheet on a phone).
 */
export type SidebarPanel =
  | 'session' // 1. session overview
  | 'quiz-onboarding' // 2. quiz onboarding
  | 'quiz-questions' // 3. quiz questioning
  | 'quiz-result' // 4. view-result calls to action
  | 'quiz-answers' // 5. list of answers
  | 'certificate'; // 6. certificate downloader

/** What an open panel is about: a session (panel 1) or a module (panels 2–6). */
export interface SidebarTarget {
  sessionId?: number | undefined;
  moduleId?: number | undefined;
}

export interface CourseSidebarProps {
  dashboard: CourseDashboard;
  batchId: number;
  /** The open panel, or null when the sidebar shows its resting state (the next session). */
  panel: SidebarPanel | null;
  target: SidebarTarget;
  /** Opens another panel (closing the current one) or, with null, closes the sidebar panel. */
  onPanel: (panel: SidebarPanel | null, target?: SidebarTarget) => void;
  /** A moderator's read-only view: no answering, no retakes, no downloads that issue certificates. */
  readOnly: boolean;
  /**
   * In a moderator's read-only view, the learner being looked at (sent as `userId` to the batch's
   * quiz call). Omit it for the learner's own dashboard.
   */
  learnerId?: number | undefined;
}
