import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteCohortLevel, renameCohortLevel } from '~/lib/server/services/structure/cohort-levels';
import { CohortLevelSchema, LevelBodySchema, LevelParamsSchema } from '~/lib/shared/schemas/structure';

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/cohorts/{id}/levels/{levelId}/',
  summary: "Rename a level (admins, the cohort's tutors and cohort admins)",
  tags: ['structure'],
  access: 'user',
  params: LevelParamsSchema,
  body: LevelBodySchema,
  success: { status: 200, description: 'The renamed level', schema: CohortLevelSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await renameCohortLevel(caller, params.id, params.levelId, body.name) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/cohorts/{id}/levels/{levelId}/',
  summary: "Delete a level; the others close the gap (admins, the cohort's tutors and cohort admins)",
  tags: ['structure'],
  access: 'user',
  params: LevelParamsSchema,
  success: { status: 204, description: 'Deleted' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, caller }) => {
    await deleteCohortLevel(caller, params.id, params.levelId);
    return { status: 204 };
  },
});
