/**
 * The CRM forms service: HubSpot's Forms submission API v3
 * (`POST …/submissions/v3/integration/submit/{portalId}/{formGuid}`, no
 * authentication), at the address CRM_FORMS_URL names. Field names are
 * HubSpot's standard contact properties, so any form that has them accepts
 * the submission.
 */
import { findMunicipality } from '~/lib/shared/colombia';
import { getConfig } from '~/lib/server/config';
import { callProvider, ProviderCallError } from '~/lib/server/http/provider-http';

export interface CrmSubmission {
  fields: { objectTypeId: '0-1'; name: string; value: string }[];
  submittedAt: string;
  context: { pageUri: string; pageName: string; ipAddress?: string };
}

export interface CrmPerson {
  email: string;
  firstName: string;
  lastName: string;
  contact?: string | null;
  municipality?: string | null;
}

/** The submission of one sign-up: the person as contact properties, the offer's page as context. */
export function crmSubmissionOf(person: CrmPerson, page: { uri: string; name: string }, ip: string | null, at: Date): CrmSubmission {
  const place = person.municipality ? findMunicipality(person.municipality) : null;
  const values: [string, string | null | undefined][] = [
    ['email', person.email],
    ['firstname', person.firstName],
    ['lastname', person.lastName],
    ['phone', person.contact],
    ['city', place?.municipality.name],
    ['state', place?.department.name],
    ['country', 'Colombia'],
  ];
  return {
    fields: values.filter((entry): entry is [string, string] => Boolean(entry[1])).map(([name, value]) => ({ objectTypeId: '0-1', name, value })),
    submittedAt: String(at.getTime()),
    // HubSpot refuses addresses of private networks: only a public one is sent.
    context: { pageUri: page.uri, pageName: page.name, ...(ip && isPublicAddress(ip) && { ipAddress: ip }) },
  };
}

/** Whether an IP address is on the public internet (not loopback, private or link-local). */
function isPublicAddress(ip: string): boolean {
  if (ip.includes(':')) return !/^(::1$|::ffff:(10|127|192\.168|172\.(1[6-9]|2\d|3[01]))\.|f[cd]|fe80)/i.test(ip);
  return !/^(10|127)\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\.|^169\.254\./.test(ip);
}

export const isCrmConfigured = (): boolean => Boolean(getConfig().CRM_FORMS_URL);

/** Sends a submission; throws ProviderCallError (its `isRetryable` tells a 429, 5xx or timeout from a refusal). */
export async function submitToCrm(submission: CrmSubmission): Promise<number> {
  const url = getConfig().CRM_FORMS_URL;
  if (!url) throw new ProviderCallError('CRM_FORMS_URL is not set', 400);
  const { status } = await callProvider(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(submission) });
  return status;
}

/** HubSpot's reason for a refusal (its `message`, or the first error's), for the admin's list. */
export function crmReasonOf(error: ProviderCallError): string {
  const body = error.body as { message?: string; errors?: { message?: string }[] } | string | null;
  if (body && typeof body === 'object') return String(body.errors?.[0]?.message ?? body.message ?? error.message).slice(0, 500);
  return error.message.slice(0, 500);
}
