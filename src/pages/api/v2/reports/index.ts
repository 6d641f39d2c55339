import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { reportPost } from '~/lib/server/services/forums/reports';
import { ReportBodySchema } from '~/lib/shared/schemas/forums';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/reports/',
  summary: "Reports a thread or comment to the forum's moderators, with an optional reason (once per person and post)",
  tags: ['forums'],
  access: 'user',
  body: ReportBodySchema,
  success: { status: 201, description: 'The report', schema: z.object({ id: z.number().int() }) },
  errors: ['not_found'],
  handle: async ({ caller, body }) => ({ status: 201, body: await reportPost(caller, body) }),
});
