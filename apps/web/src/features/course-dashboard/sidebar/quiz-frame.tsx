import type { ReactNode } from 'react';
import { ErrorNote, LoadingNote } from '../../../components/ui/load-states';
import type { ModuleQuiz } from './api';
import { placedModule } from './model';
import { PanelFrame } from './panel-frame';
import type { CourseSidebarProps } from './types';
import { useModuleQuiz } from './use-quiz';

export type QuizPanelProps = Pick<
  CourseSidebarProps,
  'dashboard' | 'batchId' | 'target' | 'onPanel' | 'readOnly' | 'learnerId'
>;

interface QuizFrameProps extends QuizPanelProps {
  /** The panel's heading once the quiz is known (defaults to the module's title). */
  title?: (quiz: ModuleQuiz) => ReactNode;
  back?: { label: string; onClick: () => void } | undefined;
  children: (
    quiz: ModuleQuiz,
    context: { moduleId: number; moduleIndex: number; refetch: () => void },
  ) => ReactNode;
}

/**
 * Loads the target module's quiz for panels 2–5 and frames it: loading and error states, and a
 * note when the module is not this course's or has no quiz.
 */
export function QuizFrame({
  dashboard,
  batchId,
  target,
  onPanel,
  readOnly,
  learnerId,
  title,
  back,
  children,
}: QuizFrameProps) {
  const placed = placedModule(dashboard, target.moduleId);
  const source = useModuleQuiz(placed?.module.id, batchId, readOnly, learnerId);
  const close = () => onPanel(null);
  const eyebrow = placed ? `Module ${placed.index} quiz` : 'Quiz';
  if (!placed) {
    return (
      <PanelFrame title="Quiz" onClose={close}>
        <p className="sidebar-muted">This module is not part of this course.</p>
      </PanelFrame>
    );
  }
  if (source.isLoading || (!source.quiz && !source.error)) {
    return (
      <PanelFrame title={placed.module.title} eyebrow={eyebrow} onClose={close} back={back}>
        <LoadingNote>Loading the quiz…</LoadingNote>
      </PanelFrame>
    );
  }
  if (!source.quiz) {
    return (
      <PanelFrame title={placed.module.title} eyebrow={eyebrow} onClose={close} back={back}>
        <ErrorNote what="The quiz" error={source.error} onRetry={source.refetch} />
      </PanelFrame>
    );
  }
  const quiz = source.quiz;
  return (
    <PanelFrame
      title={title ? title(quiz) : quiz.title || placed.module.title}
      eyebrow={eyebrow}
      onClose={close}
      back={back}
    >
      {quiz.CourseQuizQuestions.length === 0 ? (
        <p className="sidebar-muted">This module&apos;s quiz has no questions yet.</p>
      ) : (
        children(quiz, { moduleId: placed.module.id, moduleIndex: placed.index, refetch: source.refetch })
      )}
    </PanelFrame>
  );
}
