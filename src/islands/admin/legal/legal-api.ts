/** The legal texts screen's API calls. */
import { getApi } from '~/lib/client/app-client';
import type { LegalDocument, LegalDocumentName, UpdateLegalDocumentBody } from '~/lib/shared/schemas/legal';

/** Publishes a legal document's texts in both languages (empty: back to the default). */
export const updateLegalDocument = (document: LegalDocumentName, texts: UpdateLegalDocumentBody) => getApi().put<LegalDocument>(`/api/v2/legal/${document}/`, texts);
