import type { ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import type { ApiError, ApiTransport } from '../../../lib/api/base-query';
import { endpointRequest } from '../../../lib/api/paths';
import { readToken } from '../../../lib/session';
import { COURSE_DASHBOARD_TAG } from '../api';

/*
 * The course sidebar's calls (issue 15): a module's quiz, the batch's quiz progress, answering,
 * retaking, and the certificate PDFs. An answer patches the module's cached quiz at once (the
 * feedback needs no second round trip) and refreshes the batch's progress rings; a retake refreshes
 * both.
 */

export const QUIZ_TAG = 'SidebarQuiz' as const;
export const QUIZ_PROGRESS_TAG = 'SidebarQuizProgress' as const;

export type ModuleQuiz = ResponseOf<'moduleQuiz'>;
export type CourseQuizzes = ResponseOf<'courseQuizzes'>;
export type QuizSubmitResult = ResponseOf<'quizSubmit'>;
/** The batch's quiz call: the caller's own, or (moderator view) the learner `userId`. */
export interface CourseQuizzesBody {
  batchId: number;
  userId?: number;
}

/** Which certificate to download: a module's (its quiz passed) or the batch's course certificate. */
export type CertificateRequest = { kind: 'module'; moduleId: number } | { kind: 'course'; batchId: number };

/** Words for a refused certificate when the server's envelope carries no message of its own. */
const CERTIFICATE_REFUSALS: Record<number, string> = {
  401: 'Your session has ended. Sign in again to download the certificate.',
  402: 'This course is locked until the due instalment is paid.',
  403: 'This certificate is not available to you yet.',
  404: 'This certificate could not be found.',
  409: 'You are not eligible for this certificate yet.',
  429: 'Many certificates are being prepared right now. Try again in a minute.',
  503: 'Many certificates are being prepared right now. Try again in a minute.',
};

function isTransport(value: unknown): value is ApiTransport {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiTransport).fetch === 'function' &&
    typeof (value as ApiTransport).origin === 'string'
  );
}

/** The envelope's message of a failed PDF call, when it sent JSON with one. */
async function envelopeOf(response: Response): Promise<{ message?: string; code?: string }> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return {};
    const record = body as Record<string, unknown>;
    return {
      ...(typeof record.message === 'string' && record.message.trim() !== ''
        ? { message: record.message }
        : {}),
      ...(typeof record.error === 'string' ? { code: record.error } : {}),
    };
  } catch {
    return {};
  }
}

/** The file name from `Content-Disposition`, or a sensible default. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]).trim() : '';
  return /^[\w.() -]+\.pdf$/i.test(name) ? name : fallback;
}

/** Hands a downloaded file to the browser as a download. */
function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

const sidebarApi = api
  .enhanceEndpoints({ addTagTypes: [QUIZ_TAG, QUIZ_PROGRESS_TAG, COURSE_DASHBOARD_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** `GET /api/user/course/module/{id}/quiz`: one module's quiz for the caller's current attempt. */
      getSidebarModuleQuiz: build.query<ModuleQuiz, number>({
        query: (id) => endpointRequest('moduleQuiz', { params: { id } }),
        providesTags: (_result, _error, id) => [{ type: QUIZ_TAG, id }],
        keepUnusedDataFor: 60,
      }),
      /** `POST /api/user/course/quiz { batchId, userId? }`: every module's quiz and the progress rings. */
      getSidebarCourseQuizzes: build.query<CourseQuizzes, CourseQuizzesBody>({
        query: (body) => endpointRequest('courseQuizzes', { body }),
        providesTags: [QUIZ_PROGRESS_TAG],
        keepUnusedDataFor: 60,
      }),
      /** `POST /api/user/quiz/response/submit { questionId, optionId }`: graded by the server. */
      submitSidebarQuizAnswer: build.mutation<
        QuizSubmitResult,
        { moduleId: number; questionId: number; optionId: number }
      >({
        query: ({ questionId, optionId }) =>
          endpointRequest('quizSubmit', { body: { questionId, optionId } }),
        async onQueryStarted({ moduleId, questionId, optionId }, { dispatch, queryFulfilled }) {
          let result: QuizSubmitResult;
          try {
            ({ data: result } = await queryFulfilled);
          } catch {
            return;
          }
          dispatch(
            sidebarApi.util.updateQueryData('getSidebarModuleQuiz', moduleId, (draft) => {
              const question = draft.CourseQuizQuestions.find((q) => q.id === questionId);
              if (question) {
                for (const option of question.CourseQuizOptions) {
                  option.isCorrect = option.id === result.correctOptionId;
                }
                question.explanation = result.explanation;
                question.CourseQuizResponses = [
                  {
                    id: -questionId,
                    optionId,
                    attempt: result.attempt,
                    CourseQuizOption: { id: optionId, isCorrect: result.isCorrect },
                  },
                ];
              }
              draft.attempt = result.attempt;
              draft.score = result.score;
            }),
          );
        },
        // A passing answer may raise the certificate popup and moves the leaderboard: the course
        // dashboard's data is read again too.
        invalidatesTags: (result) => (result ? [QUIZ_PROGRESS_TAG, COURSE_DASHBOARD_TAG] : []),
      }),
      /** `POST /api/user/course/module/quiz/retake { moduleId }`: clears the caller's answers. */
      retakeSidebarQuiz: build.mutation<ResponseOf<'quizRetake'>, { moduleId: number }>({
        query: (body) => endpointRequest('quizRetake', { body }),
        async onQueryStarted({ moduleId }, { dispatch, queryFulfilled }) {
          let attempt: number;
          try {
            ({
              data: { attempt },
            } = await queryFulfilled);
          } catch {
            return;
          }
          // The new attempt starts empty: clear the cached answers at once, so the questions open at
          // the first one while the fresh copy loads.
          dispatch(
            sidebarApi.util.updateQueryData('getSidebarModuleQuiz', moduleId, (draft) => {
              draft.attempt = attempt;
              for (const question of draft.CourseQuizQuestions) {
                question.CourseQuizResponses = [];
                question.explanation = null;
                for (const option of question.CourseQuizOptions) delete option.isCorrect;
              }
              draft.score = {
                attempted: false,
                correct: 0,
                total: draft.CourseQuizQuestions.length,
                percentage: 0,
                passed: false,
              };
            }),
          );
        },
        invalidatesTags: (result, _error, { moduleId }) =>
          result ? [{ type: QUIZ_TAG, id: moduleId }, QUIZ_PROGRESS_TAG, COURSE_DASHBOARD_TAG] : [],
      }),
      /**
       * A certificate PDF (`POST /api/user/course/module/certificate` or
       * `GET /api/user/course/{batchId}/certificate?type=course`), fetched with the bearer token (a
       * plain link cannot carry it) and handed to the browser as a download. A refusal comes back
       * as an {@link ApiError} whose message says why (not completed, quiz not passed, locked...).
       */
      downloadSidebarCertificate: build.mutation<{ fileName: string }, CertificateRequest>({
        async queryFn(request, { extra, signal }) {
          if (!isTransport(extra)) {
            return {
              error: { status: 'FETCH_ERROR', message: 'The store was created without an API transport.' },
            };
          }
          const call =
            request.kind === 'module'
              ? endpointRequest('moduleCertificatePdf', { body: { moduleId: request.moduleId } })
              : endpointRequest('courseCertificatePdf', {
                  params: { batchId: request.batchId },
                  query: { type: 'course' },
                });
          const headers = new Headers({ accept: 'application/pdf, application/json' });
          if (call.body !== undefined) headers.set('content-type', 'application/json');
          const token = readToken();
          if (token) headers.set('authorization', `Bearer ${token}`);
          let response: Response;
          try {
            response = await extra.fetch(`${extra.origin}${call.url}`, {
              method: call.method,
              headers,
              body: call.body === undefined ? undefined : JSON.stringify(call.body),
              signal,
            });
          } catch {
            return {
              error: {
                status: 'FETCH_ERROR',
                message: 'We could not reach Atelier. Check your connection and try again.',
              } satisfies ApiError,
            };
          }
          if (!response.ok) {
            const envelope = await envelopeOf(response);
            const status = response.status;
            const wait = Number(response.headers.get('retry-after'));
            const busy =
              (status === 429 || status === 503) && Number.isFinite(wait) && wait > 0
                ? `Many certificates are being prepared right now. Try again in ${Math.ceil(wait)} seconds.`
                : null;
            const message =
              busy ??
              (status < 500 && envelope.message
                ? envelope.message
                : (CERTIFICATE_REFUSALS[status] ?? 'Something went wrong ⚠️ Try again in a moment.'));
            return {
              error: {
                status,
                message,
                ...(envelope.code ? { code: envelope.code } : {}),
              } satisfies ApiError,
            };
          }
          const type = response.headers.get('content-type') ?? '';
          if (!type.toLowerCase().includes('application/pdf')) {
            return {
              error: {
                status: 'PARSE_ERROR',
                message: 'The certificate did not arrive as a PDF. Try again in a moment.',
              } satisfies ApiError,
            };
          }
          const fallback =
            request.kind === 'module'
              ? `atelier-module-certificate-${request.moduleId}.pdf`
              : `atelier-course-certificate-${request.batchId}.pdf`;
          const fileName = fileNameOf(response, fallback);
          saveFile(await response.blob(), fileName);
          return { data: { fileName } };
        },
      }),
    }),
  });

export const {
  useGetSidebarModuleQuizQuery,
  useGetSidebarCourseQuizzesQuery,
  useSubmitSidebarQuizAnswerMutation,
  useRetakeSidebarQuizMutation,
  useDownloadSidebarCertificateMutation,
} = sidebarApi;
