import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useGetSidebarCourseQuizzesQuery,
  useGetSidebarModuleQuizQuery,
  type CourseQuizzesBody,
  type ModuleQuiz,
} from './api';

/** The body of the batch's quiz call: the learner's own, or (moderator view) the learner looked at. */
export function courseQuizzesBody(batchId: number, learnerId: number | undefined): CourseQuizzesBody {
  return learnerId === undefined ? { batchId } : { batchId, userId: learnerId };
}

export interface QuizSource {
  quiz: ModuleQuiz | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * One module's quiz for a panel. The learner's own view reads `GET …/module/{id}/quiz`; a
 * moderator's read-only view cannot name the learner there, so it reads the module out of the
 * batch's quizzes (`POST /api/user/course/quiz { batchId, userId }`), matched by `cmId`.
 */
export function useModuleQuiz(
  moduleId: number | undefined,
  batchId: number,
  readOnly: boolean,
  learnerId: number | undefined,
): QuizSource {
  const own = useGetSidebarModuleQuizQuery(!readOnly && moduleId !== undefined ? moduleId : skipToken);
  const viewed = useGetSidebarCourseQuizzesQuery(
    readOnly && moduleId !== undefined ? courseQuizzesBody(batchId, learnerId) : skipToken,
  );
  if (readOnly) {
    const quiz = viewed.data?.modules.find((module) => module.cmId === moduleId);
    return {
      quiz,
      isLoading: viewed.isLoading,
      isFetching: viewed.isFetching,
      error:
        viewed.error ??
        (viewed.data && !quiz ? { status: 404, message: 'This module has no quiz.' } : undefined),
      refetch: () => void viewed.refetch(),
    };
  }
  return {
    quiz: own.data,
    isLoading: own.isLoading,
    isFetching: own.isFetching,
    error: own.error,
    refetch: () => void own.refetch(),
  };
}
