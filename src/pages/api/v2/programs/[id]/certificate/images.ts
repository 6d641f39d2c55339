import { defineEndpoint } from '~/lib/server/http/endpoint';
import { uploadCertificateImage } from '~/lib/server/services/certificates/designs';
import {
  CERTIFICATE_IMAGE_MAX_BYTES,
  CERTIFICATE_IMAGE_MAX_LABEL,
  CertificateDesignSchema,
  CertificateImageBodySchema,
  ProgramCertificateParamsSchema,
} from '~/lib/shared/schemas/certificates';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/programs/{id}/certificate/images/',
  summary: "Upload an image of a program's certificate: its logo, its background or a signer's signature (PNG or JPEG by their bytes, up to 2 MB). Platform admins",
  tags: ['certificates'],
  access: 'user',
  params: ProgramCertificateParamsSchema,
  body: CertificateImageBodySchema,
  upload: { maxFileBytes: CERTIFICATE_IMAGE_MAX_BYTES, maxFileLabel: CERTIFICATE_IMAGE_MAX_LABEL },
  success: { status: 200, description: 'The design', schema: CertificateDesignSchema },
  errors: ['certificate_design_missing', 'certificate_image_invalid', 'forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await uploadCertificateImage(caller, params.id, body) }),
});
