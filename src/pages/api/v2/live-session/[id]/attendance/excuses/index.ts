import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listExcuses, submitExcuse } from '~/lib/server/services/attendance/excuses';
import { EXCUSE_FILE_MAX_BYTES, EXCUSE_FILE_MAX_LABEL } from '~/lib/shared/attendance';
import { ExcuseSchema, SubmitExcuseBodySchema } from '~/lib/shared/schemas/attendance';
import { LiveSessionParamsSchema } from '~/lib/shared/schemas/live-sessions';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/live-session/{id}/attendance/excuses/',
  summary: "A session's excuses: all of them for its staff, a student's own for them",
  tags: ['attendance'],
  access: 'user',
  params: LiveSessionParamsSchema,
  success: { status: 200, description: 'The excuses', schema: z.array(ExcuseSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await listExcuses(caller, params.id) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/live-session/{id}/attendance/excuses/',
  summary:
    "A student's excuse for themselves (multipart: `note`, optional `file`: PDF, image or office document up to 5 MB, recognised by its bytes), pending until staff review it; sent again while not accepted, it replaces the last. Students of the session's cohort only",
  tags: ['attendance'],
  access: 'user',
  params: LiveSessionParamsSchema,
  body: SubmitExcuseBodySchema,
  upload: { maxFileBytes: EXCUSE_FILE_MAX_BYTES, maxFileLabel: EXCUSE_FILE_MAX_LABEL },
  success: { status: 201, description: 'The excuse', schema: ExcuseSchema },
  errors: ['forbidden', 'not_found', 'excuse_already_accepted'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await submitExcuse(caller, params.id, body) }),
});
