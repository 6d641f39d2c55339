import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { pageSchemaOf, PageQuerySchema } from '~/lib/shared/pagination';
import { listProgramCourses } from '~/lib/server/services/content/programs';
import { CourseSchema, IdParamsSchema } from '~/lib/shared/schemas/content';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/{id}/courses/',
  summary: "A program's courses in position order, paginated (students: ACTIVE ones)",
  tags: ['programs'],
  access: 'user',
  params: IdParamsSchema,
  query: PageQuerySchema,
  success: { status: 200, description: 'One page of courses', schema: pageSchemaOf(CourseSchema) },
  errors: ['not_found'],
  handle: async ({ caller, params, query, request }) => {
    const { results, count } = await listProgramCourses(caller, params.id, query.page);
    return { body: toPage(results, count, query.page, request.url) };
  },
});
