import { z } from 'zod';

/** The CRM: the environment variables it reads (config.ts collects every domain's). */
export const CrmConfigSchema = z.object({
  /** The CRM forms endpoint every registration is delivered to (HubSpot Forms v3 submit URL); unset: deliveries are skipped. */
  CRM_FORMS_URL: z.url({ protocol: /^https?$/, error: 'CRM_FORMS_URL must be an http(s) URL such as https://api.hsforms.com/submissions/v3/integration/submit/{portalId}/{formGuid}' }).optional(),
});
