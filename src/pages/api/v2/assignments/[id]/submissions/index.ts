import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listSubmissions } from '~/lib/server/services/assignments/submissions';
import { submitAssignment } from '~/lib/server/services/assignments/submit-assignment';
import { AssignmentParamsSchema, SubmissionFormSchema, SubmissionListQuerySchema, SubmissionListSchema, SubmissionSchema, SubmitQuerySchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/{id}/submissions/',
  summary:
    "A student: their own submissions to the assignment, newest first (`score`, after any late penalty, and `feedback` once grades are released). Staff: a page of their cohorts' students with their state (missing, submitted, resubmitted, graded) and latest submission; filters `cohort`, `status` (missing, submitted, late, graded), `search` (name or e-mail; a student's number while grading is anonymous), `sort` (name, submittedAt, status)",
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  query: SubmissionListQuerySchema,
  success: { status: 200, description: 'One page', schema: SubmissionListSchema },
  errors: ['not_found'],
  handle: async ({ caller, params, query, request }) => ({ body: await listSubmissions(caller, params.id, query, request.url) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/assignments/{id}/submissions/',
  summary:
    "Submit (students of the course): multipart fields `text`, `link` and `files` (repeated), as the assignment allows. Files stream straight to storage, their type read from their bytes (415 otherwise), each up to the assignment's size (413) and all within the student's quota (413 submission_quota_exceeded). A resubmission keeps the earlier ones; sent again with the same `clientKey` (the browser's outbox), it answers the submission that key made instead of making another. After the due date: accepted, penalized per day late, or refused (409 submission_late)",
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  query: SubmitQuerySchema,
  streamedUpload: SubmissionFormSchema,
  success: { status: 201, description: 'The submission', schema: SubmissionSchema },
  errors: ['submission_late', 'submission_quota_exceeded', 'forbidden', 'forbidden_other_user', 'not_found'],
  handle: async ({ caller, params, query, request }) => ({ status: 201, body: await submitAssignment(caller, params.id, request, query.clientKey) }),
});
