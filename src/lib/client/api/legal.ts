/** The legal texts screen's API calls. */
import type { LegalDocumentName } from '~/lib/shared/schemas/legal';
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

/** Publishes a legal document's texts in both languages (empty: back to the default). */
export const updateLegalDocument = (document: LegalDocumentName, texts: Body<'/api/v2/legal/{document}/', 'put'>) => api.put('/api/v2/legal/{document}/', { path: { document }, body: texts });
