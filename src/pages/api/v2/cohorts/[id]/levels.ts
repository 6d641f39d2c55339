import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createCohortLevel, listCohortLevels, reorderCohortLevels } from '~/lib/server/services/structure/cohort-levels';
import { CohortLevelSchema, IdParamsSchema, LevelBodySchema, ReorderLevelsBodySchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/levels/',
  summary: "A cohort's levels in order (its ACTIVE members and admins)",
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'Levels by position (0, 1, 2…)', schema: z.array(CohortLevelSchema) },
  errors: ['not_found'],
  handle: async ({ params, caller }) => ({ body: await listCohortLevels(caller, params.id) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cohorts/{id}/levels/',
  summary: "Add a level at the end (admins, the cohort's tutors and cohort admins)",
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  body: LevelBodySchema,
  success: { status: 201, description: 'The new level', schema: CohortLevelSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await createCohortLevel(caller, params.id, body.name) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/cohorts/{id}/levels/',
  summary: "Reorder a cohort's levels in one transaction: `order` lists every level id exactly once (else 400, nothing changed)",
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  body: ReorderLevelsBodySchema,
  success: { status: 200, description: 'The levels in their new order', schema: z.array(CohortLevelSchema) },
  errors: ['level_order_mismatch', 'forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await reorderCohortLevels(caller, params.id, body.order) }),
});
