import { defineEndpoint } from '~/lib/server/http/endpoint';
import { gradeSubmission } from '~/lib/server/services/assignments/grade-submissions';
import { GradeBodySchema, StaffSubmissionSchema } from '~/lib/shared/schemas/assignments';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/assignments/submissions/grade/',
  summary:
    "Grade a submission `{ submissionId, score, feedback? }` (score from 0 to the assignment's maximum, before any late penalty). A feedback text is also a feedback for the student, unseen until read, released with the grade. Staff who grade the student",
  tags: ['assignments'],
  access: 'user',
  body: GradeBodySchema,
  success: { status: 200, description: 'The graded submission (staff view)', schema: StaffSubmissionSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, body }) => ({ body: await gradeSubmission(caller, body) }),
});
