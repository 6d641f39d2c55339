import { defineEndpoint } from '~/lib/server/http/endpoint';
import { exportOwnData } from '~/lib/server/services/people/personal-data';
import { PersonalDataExportSchema } from '~/lib/shared/schemas/people';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/profiles/me/export/',
  summary: "Everything Senda keeps about the caller (account, profile, progress, e-mails, who on the staff read their data), as a JSON download (Ley 1581)",
  tags: ['profiles'],
  access: 'user',
  success: { status: 200, description: 'The personal data', schema: PersonalDataExportSchema },
  errors: [],
  handle: async ({ caller }) => ({ body: await exportOwnData(caller), headers: { 'Content-Disposition': 'attachment; filename="senda-mis-datos.json"' } }),
});
