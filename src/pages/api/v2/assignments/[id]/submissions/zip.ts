import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { attachmentDisposition } from '~/lib/server/http/file-download';
import { pacedStream } from '~/lib/server/http/response-pacing';
import { isStreamable, planZip, requestZipExport, writeZip } from '~/lib/server/services/assignments/submission-zip';
import { AssignmentParamsSchema, SubmissionExportSchema, ZipQuerySchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/{id}/submissions/zip/',
  summary:
    "A zip of the latest submission of every student the caller grades (`cohort` for one cohort): a folder per student, safe file names, the text and link as text files, a summary CSV. Streamed as it is written (200) up to SUBMISSION_ZIP_STREAM_MAX_MB; a larger set (or `delivery=job`) is built in the background: 202 with the job, whose progress and download are at `assignments/submissions/zip/{exportId}/`. Staff of the course",
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  query: ZipQuerySchema,
  success: { status: 200, description: 'The zip', schema: z.string().meta({ format: 'binary' }), contentType: 'application/zip' },
  otherSuccesses: [{ status: 202, description: 'The job building it', schema: SubmissionExportSchema }],
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, query, lang }) => {
    const plan = await planZip(caller, params.id, { cohort: query.cohort, lang });
    if (query.delivery === 'job' || (query.delivery === 'auto' && !isStreamable(plan))) {
      return { status: 202, body: await requestZipExport(caller, params.id, plan, { cohort: query.cohort, lang }) };
    }
    const zip = writeZip(plan);
    return new Response(pacedStream(zip, () => zip.destroy()), {
      headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachmentDisposition(plan.fileName), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
    });
  },
});
