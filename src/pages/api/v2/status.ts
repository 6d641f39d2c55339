import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getMaintenance } from '~/lib/server/services/settings';
import { StatusResponseSchema } from '~/lib/shared/schemas/auth';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/status/',
  summary: "Platform status: 'ok', or 'maintenance' with the operator's message",
  tags: ['platform'],
  access: 'public',
  maintenance: 'exempt',
  success: { status: 200, description: 'Current status', schema: StatusResponseSchema },
  errors: [],
  handle: async ({ t }) => {
    const maintenance = await getMaintenance();
    return {
      body: maintenance.enabled
        ? { status: 'maintenance', message: maintenance.message ?? t('maintenance.default') }
        : { status: 'ok', message: '' },
    };
  },
});
