import { AppError } from '~/lib/shared/errors';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getCertificateDesign, saveCertificateDesign } from '~/lib/server/services/certificates/designs';
import { CertificateDesignBodySchema, CertificateDesignSchema, ProgramCertificateParamsSchema } from '~/lib/shared/schemas/certificates';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/{id}/certificate/',
  summary: "A program's certificate design (404 until there is one). Platform admins",
  tags: ['certificates'],
  access: 'user',
  params: ProgramCertificateParamsSchema,
  success: { status: 200, description: 'The design', schema: CertificateDesignSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    const design = await getCertificateDesign(caller, params.id);
    if (!design) throw new AppError('not_found');
    return { body: design };
  },
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/programs/{id}/certificate/',
  summary: "Create or change a program's certificate design: title, hours, signers (their signature images stay by position) and whether it is issued automatically. Platform admins",
  tags: ['certificates'],
  access: 'user',
  params: ProgramCertificateParamsSchema,
  body: CertificateDesignBodySchema,
  success: { status: 200, description: 'The design', schema: CertificateDesignSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await saveCertificateDesign(caller, params.id, body) }),
});
