import { defineEndpoint } from '~/lib/server/http/endpoint';
import { exportPersonalDataOf } from '~/lib/server/services/people/personal-data';
import { PersonalDataExportSchema } from '~/lib/shared/schemas/people';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/users/{id}/export/',
  summary: "Everything Senda keeps about someone, as a JSON download (a request made to the platform under Ley 1581); the export is logged. Platform admins",
  tags: ['users'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The personal data', schema: PersonalDataExportSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({
    body: await exportPersonalDataOf(caller, params.id),
    headers: { 'Content-Disposition': `attachment; filename="senda-datos-${params.id}.json"` },
  }),
});
