import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf, PageQuerySchema } from '~/lib/shared/pagination';
import { createProgram, listPrograms } from '~/lib/server/services/content/programs';
import { CreateProgramBodySchema, ProgramSchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/',
  summary: 'Programs the caller sees (admins: all; others: those of their ACTIVE cohorts), paginated',
  tags: ['programs'],
  access: 'user',
  query: PageQuerySchema,
  success: { status: 200, description: 'One page of programs', schema: pageSchemaOf(ProgramSchema) },
  errors: [],
  handle: async ({ caller, query, request }) => {
    const { results, count } = await listPrograms(caller, query.page);
    return { body: toPage(results, count, query.page, request.url) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/programs/',
  summary: 'Create a program (admins)',
  tags: ['programs'],
  access: 'user',
  body: CreateProgramBodySchema,
  success: { status: 201, description: 'The new program', schema: ProgramSchema },
  errors: ['forbidden'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createProgram(caller, body) }),
});
