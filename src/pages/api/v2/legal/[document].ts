import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getLegalDocument, updateLegalDocument } from '~/lib/server/services/legal-documents';
import { LegalDocumentSchema, LegalParamsSchema, UpdateLegalDocumentBodySchema } from '~/lib/shared/schemas/legal';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/legal/{document}/',
  summary: 'The terms and conditions (`terms`) or the privacy notice (`privacy`) in Spanish and English (public)',
  tags: ['legal'],
  access: 'public',
  params: LegalParamsSchema,
  success: { status: 200, description: 'Both languages, each marked when it is still Senda’s default text', schema: LegalDocumentSchema },
  errors: [],
  handle: async ({ params }) => ({ body: await getLegalDocument(params.document) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/legal/{document}/',
  summary: 'Replace a legal document in both languages (platform admins); an empty text restores the default',
  tags: ['legal'],
  access: 'user',
  params: LegalParamsSchema,
  body: UpdateLegalDocumentBodySchema,
  success: { status: 200, description: 'The document as now published', schema: LegalDocumentSchema },
  errors: ['forbidden'],
  handle: async ({ params, body, caller }) => ({ body: await updateLegalDocument(caller, params.document, body) }),
});
