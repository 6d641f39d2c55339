import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCrmDeliveries } from '~/lib/server/services/crm/crm-deliveries';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { CrmDeliveryListQuerySchema, CrmDeliverySchema } from '~/lib/shared/schemas/registrations';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/crm/deliveries/',
  summary:
    "Each registration's delivery to the CRM forms service, newest first: pending, sending, retrying (a 429, 5xx or timeout; the job engine tries again with a growing delay), delivered, failed (a refusal, with the CRM's reason) or skipped (no CRM_FORMS_URL). Filter by `status` and `search` (e-mail). Platform admins",
  tags: ['registrations'],
  access: 'user',
  query: CrmDeliveryListQuerySchema,
  success: { status: 200, description: 'A page of deliveries', schema: pageSchemaOf(CrmDeliverySchema) },
  errors: ['forbidden'],
  handle: async ({ caller, query, request }) => ({ body: await listCrmDeliveries(caller, query, request.url) }),
});
