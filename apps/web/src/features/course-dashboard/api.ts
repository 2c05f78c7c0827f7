import { type BodyOf, type ResponseOf } from '@atelier/contract';
import { api } from '../../lib/api/base-api';
import type { ApiTransport } from '../../lib/api/base-query';
import { endpointAddress, endpointRequest } from '../../lib/api/paths';
import { readToken } from '../../lib/session';

/*
 * The course dashboard's calls (issue 15): the dashboard itself, the batch header, assignments
 * (submit, edit, delete), own points, the leaderboard, the feedback forms and the certificate
 * popup. One slice, one tag per batch: a write to a batch's coursework refreshes that batch's
 * dashboard, header, points and leaderboard. Quizzes and certificate downloads live with the
 * sidebar (features/course-dashboard/sidebar); it may invalidate `courseDashboardTag(batchId)`
 * when a quiz or certificate changes what the dashboard shows.
 */

export const COURSE_DASHBOARD_TAG = 'CourseDashboard' as const;

/** The tag of one batch's coursework (dashboard, header, points, leaderboard). */
export function courseDashboardTag(batchId: number) {
  return { type: COURSE_DASHBOARD_TAG, id: batchId };
}

/** A course dashboard request: the batch, and the learner a moderator is viewing (read-only). */
export interface CourseDashboardArgs {
  batchId: number;
  userId?: number | undefined;
}

/** An assignment answer: an https link, or a PDF file (sent as multipart). */
export type AssignmentAnswer = { link: string } | { pdf: File };

export interface AssignmentSubmitArgs {
  batchId: number;
  assignmentId: number;
  answer: AssignmentAnswer;
}

export interface AssignmentUpdateArgs {
  batchId: number;
  responseId: number;
  answer: AssignmentAnswer;
}

/** A PDF answer as multipart: the id field and a `pdf` file part (the contract's multipart form). */
function pdfRequest(
  name: 'assignmentSubmit' | 'assignmentUpdate',
  idField: 'assignmentId' | 'responseId',
  id: number,
  pdf: File,
) {
  const form = new FormData();
  form.append(idField, String(id));
  form.append('pdf', pdf, pdf.name);
  const { path, method } = endpointAddress(name);
  return { url: path, method, body: form };
}

const courseDashboardApi = api.enhanceEndpoints({ addTagTypes: [COURSE_DASHBOARD_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/user/course/batch/module/session { batchId, userId? }`. */
    getCourseDashboard: build.query<ResponseOf<'courseDashboard'>, CourseDashboardArgs>({
      query: ({ batchId, userId }) =>
        endpointRequest('courseDashboard', {
          body: userId === undefined ? { batchId } : { batchId, userId },
        }),
      providesTags: (_result, _error, { batchId }) => [courseDashboardTag(batchId)],
      keepUnusedDataFor: 60,
    }),
    /** `POST /api/user/course/batch/details { batchId }`: the header (dates, totals). */
    getBatchDetails: build.query<ResponseOf<'batchDetails'>, number>({
      query: (batchId) => endpointRequest('batchDetails', { body: { batchId } }),
      providesTags: (_result, _error, batchId) => [courseDashboardTag(batchId)],
      keepUnusedDataFor: 60,
    }),
    /** `GET /api/user/course/batch/{id}/assignment/points`: the caller's own points. */
    getAssignmentPoints: build.query<ResponseOf<'assignmentPoints'>, number>({
      query: (batchId) => endpointRequest('assignmentPoints', { params: { id: batchId } }),
      providesTags: (_result, _error, batchId) => [courseDashboardTag(batchId)],
      keepUnusedDataFor: 60,
    }),
    /** `GET /api/user/course/batch/{id}/leaderboard/score`: names and scores, best first. */
    getLeaderboard: build.query<ResponseOf<'leaderboard'>, number>({
      query: (batchId) => endpointRequest('leaderboard', { params: { id: batchId } }),
      providesTags: (_result, _error, batchId) => [courseDashboardTag(batchId)],
      keepUnusedDataFor: 60,
    }),
    /** `POST …/assignment/response`: a link (JSON) or a PDF (multipart). */
    submitAssignment: build.mutation<ResponseOf<'assignmentSubmit'>, AssignmentSubmitArgs>({
      query: ({ assignmentId, answer }) =>
        'link' in answer
          ? endpointRequest('assignmentSubmit', { body: { assignmentId, link: answer.link } })
          : pdfRequest('assignmentSubmit', 'assignmentId', assignmentId, answer.pdf),
      invalidatesTags: (result, _error, { batchId }) => (result ? [courseDashboardTag(batchId)] : []),
    }),
    /** `POST …/assignment/update`: a new link (JSON) or a new PDF (multipart). */
    updateAssignment: build.mutation<ResponseOf<'assignmentUpdate'>, AssignmentUpdateArgs>({
      query: ({ responseId, answer }) =>
        'link' in answer
          ? endpointRequest('assignmentUpdate', { body: { responseId, link: answer.link } })
          : pdfRequest('assignmentUpdate', 'responseId', responseId, answer.pdf),
      invalidatesTags: (result, _error, { batchId }) => (result ? [courseDashboardTag(batchId)] : []),
    }),
    /** `DELETE /api/user/course/session/assignment/{responseId}/delete`. */
    deleteAssignment: build.mutation<ResponseOf<'assignmentDelete'>, { batchId: number; responseId: number }>(
      {
        query: ({ responseId }) => endpointRequest('assignmentDelete', { params: { responseId } }),
        invalidatesTags: (result, _error, { batchId }) => (result ? [courseDashboardTag(batchId)] : []),
      },
    ),
    /** `POST /api/user/feedback/rating/collect`: the form is answered and does not come back. */
    collectFeedback: build.mutation<
      ResponseOf<'feedbackCollect'>,
      { dashboard: CourseDashboardArgs; body: BodyOf<'feedbackCollect'> }
    >({
      query: ({ body }) => endpointRequest('feedbackCollect', { body }),
      async onQueryStarted({ dashboard }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            courseDashboardApi.util.updateQueryData('getCourseDashboard', dashboard, (draft) => {
              const rating = draft.feedbackRatings.find((entry) => entry.type === data.type);
              if (rating) rating.status = data.status;
              else draft.feedbackRatings.push(data);
            }),
          );
        } catch {
          // the form shows the error and keeps the rating and comment
        }
      },
    }),
    /** `POST …/certificate/modal { moduleId }`: the popup was shown; it does not come back. */
    markCertificateModalSeen: build.mutation<
      ResponseOf<'certificateModal'>,
      { dashboard: CourseDashboardArgs; moduleId: number }
    >({
      query: ({ moduleId }) => endpointRequest('certificateModal', { body: { moduleId } }),
      async onQueryStarted({ dashboard, moduleId }, { dispatch, queryFulfilled }) {
        // Seen at once: the popup must not come back while the call runs or if it fails.
        dispatch(
          courseDashboardApi.util.updateQueryData('getCourseDashboard', dashboard, (draft) => {
            for (const module of draft.courseModules) {
              if (module.id !== moduleId) continue;
              for (const modal of module.Modals) modal.isSeen = true;
            }
            draft.isCertModal = draft.courseModules.some((module) =>
              module.Modals.some((modal) => !modal.isSeen),
            );
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          // a courtesy call: the popup stays closed for this visit
        }
      },
    }),
  }),
});

export const {
  useGetCourseDashboardQuery,
  useGetBatchDetailsQuery,
  useGetAssignmentPointsQuery,
  useGetLeaderboardQuery,
  useSubmitAssignmentMutation,
  useUpdateAssignmentMutation,
  useDeleteAssignmentMutation,
  useCollectFeedbackMutation,
  useMarkCertificateModalSeenMutation,
} = courseDashboardApi;

/**
 * Opens the PDF of an assignment answer (`GET …/assignment/response/{responseId}/pdf`, its owner
 * and staff only). The call needs the bearer token, so a plain link cannot fetch it: the PDF is
 * fetched through the app's transport and handed to the browser as a file.
 */
export function downloadAssignmentPdf(responseId: number, fileName: string) {
  return async (_dispatch: unknown, _getState: unknown, transport: ApiTransport): Promise<void> => {
    const token = readToken();
    const { url } = endpointRequest('assignmentPdf', { params: { responseId } });
    const headers: Record<string, string> = { accept: 'application/pdf' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await transport.fetch(`${transport.origin}${url}`, { headers });
    if (!response.ok) throw new Error(`The PDF could not be downloaded (${response.status}).`);
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
  };
}
