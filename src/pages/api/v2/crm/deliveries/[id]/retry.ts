import { defineEndpoint } from '~/lib/server/http/endpoint';
import { retryCrmDelivery } from '~/lib/server/services/crm/crm-deliveries';
import { SessionBodySchema } from '~/lib/shared/schemas/common';
import { CrmDeliverySchema } from '~/lib/shared/schemas/registrations';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/crm/deliveries/{id}/retry/',
  summary: 'Send a failed or skipped CRM delivery again (its attempts start over); a delivery in progress or delivered is left as it is. Platform admins',
  tags: ['registrations'],
  access: 'user',
  params: IdParamsSchema,
  body: SessionBodySchema,
  success: { status: 202, description: 'The delivery, queued again', schema: CrmDeliverySchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ status: 202, body: await retryCrmDelivery(caller, params.id) }),
});
