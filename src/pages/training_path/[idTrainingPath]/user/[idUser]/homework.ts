import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listHomework } from '~/lib/server/services/learning';
import { HomeworkParamsSchema, HomeworkSchema } from '~/lib/shared/schemas/app-shell';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/training_path/{idTrainingPath}/user/{idUser}/homework/',
  summary: "A student's pending activities in a training path",
  tags: ['app-shell'],
  access: 'user',
  params: HomeworkParamsSchema,
  success: { status: 200, description: 'Pending activities, soonest due first', schema: z.array(HomeworkSchema) },
  errors: [],
  handle: async ({ params }) => ({ body: await listHomework(params.idUser, params.idTrainingPath) }),
});
