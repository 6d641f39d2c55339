import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listJarvisLogs, purgeJarvisLogs } from '~/lib/server/services/jarvis/jarvis-logs';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { JarvisLogQuerySchema, JarvisLogSchema, PurgeJarvisLogsQuerySchema } from '~/lib/shared/schemas/jarvis';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/jarvis/logs/',
  summary:
    "The study assistant's audit log, newest first: each exchange with the model (whose data, who asked, feedback or chat, the model, the messages sent, the answer, the outcome: ok, timeout, error, rate_limited, malformed, or limited when Senda's own hourly limits stopped it). `user_id`: one student's. Entries go after 90 days. Platform admins",
  tags: ['jarvis'],
  access: 'user',
  query: JarvisLogQuerySchema,
  success: { status: 200, description: 'A page of the log', schema: pageSchemaOf(JarvisLogSchema) },
  errors: ['forbidden'],
  handle: async ({ caller, query, request }) => ({ body: await listJarvisLogs(caller, query, request.url) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/jarvis/logs/',
  summary: "Purges the assistant's audit log: one student's entries (`user_id`, with their cached model answers), every entry before a Bogotá day (`before=YYYY-MM-DD`), or both; one of the two is required. Platform admins",
  tags: ['jarvis'],
  access: 'user',
  query: PurgeJarvisLogsQuerySchema,
  success: { status: 200, description: 'How many entries were deleted', schema: z.object({ deleted: z.number().int() }) },
  errors: ['forbidden'],
  handle: async ({ caller, query }) => ({ body: await purgeJarvisLogs(caller, query) }),
});
