import { defineEndpoint } from '~/lib/server/http/endpoint';
import { archiveProgram, getProgram, updateProgram } from '~/lib/server/services/content/programs';
import { IdParamsSchema, ProgramSchema, UpdateProgramBodySchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/{id}/',
  summary: 'A program the caller sees',
  tags: ['programs'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The program', schema: ProgramSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getProgram(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/programs/{id}/',
  summary: 'Change a program (admins)',
  tags: ['programs'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateProgramBodySchema,
  success: { status: 200, description: 'The changed program', schema: ProgramSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateProgram(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/programs/{id}/',
  summary: 'Archive a program (admins): status becomes INACTIVE',
  tags: ['programs'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 204, description: 'Archived' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    await archiveProgram(caller, params.id);
    return { status: 204 };
  },
});
