import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listTrainingPaths } from '~/lib/server/services/learning';
import { TrainingPathSchema } from '~/lib/shared/schemas/app-shell';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api-trainingPath/',
  summary: "The caller's learning paths with their cohorts (every path for admins)",
  tags: ['app-shell'],
  access: 'user',
  success: { status: 200, description: 'Learning paths', schema: z.array(TrainingPathSchema) },
  errors: [],
  handle: async ({ caller }) => ({ body: await listTrainingPaths(caller) }),
});
