import { defineEndpoint } from '~/lib/server/http/endpoint';
import { registerVisitor } from '~/lib/server/services/registrations/register';
import { listRegistrations } from '~/lib/server/services/registrations/registration-views';
import { pageSchemaOf } from '~/lib/shared/pagination';
import { RegisterBodySchema, RegisteredSchema, RegistrationListQuerySchema, RegistrationSchema } from '~/lib/shared/schemas/registrations';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/registrations/',
  summary:
    "Registrations, newest first, each with its newest payment: the caller's own; platform admins everyone's, with the CRM delivery's state, filtered by `offer`, `status`, `crm` (the delivery's state) and `search` (name or e-mail)",
  tags: ['registrations'],
  access: 'user',
  query: RegistrationListQuerySchema,
  success: { status: 200, description: 'A page of registrations', schema: pageSchemaOf(RegistrationSchema) },
  errors: [],
  handle: async ({ caller, query, request }) => ({ body: await listRegistrations(caller, query, request.url) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/registrations/',
  summary:
    "A visitor signs up for an offer with the person form (contract §3, §5) and `consent` (the privacy notice, Ley 1581). Their account is created without a password and stays pending until they follow the verification e-mail's link (REGISTRATION_VERIFY_H), which sets the password, reserves their identity document and takes a seat if one is left; a paid offer then waits for the payment (REGISTRATION_HOLD_H). Until verified, a sign-up holds no seat and reserves no document; never verified, it is deleted once its link expires. The answer is the same whether or not the address already has an account (its owner is told by e-mail to sign in) or the document is registered. Someone who signed up and has not verified may sign up again (their new form replaces the old one; the link goes out again, at most 3 e-mails an hour per address). 409 offer_closed, offer_full (no seat left right now); 429 past REGISTRATION_MAX_PER_IP an hour",
  tags: ['registrations'],
  access: 'public',
  body: RegisterBodySchema,
  success: { status: 201, description: 'Signed up: the verification e-mail is on its way', schema: RegisteredSchema },
  errors: ['not_found', 'offer_closed', 'offer_full', 'rate_limited'],
  handle: async ({ body, ip, lang }) => {
    const { email } = await registerVisitor(body, { ip, lang });
    return { status: 201, body: { status: 'pending_verification', email, verificationSent: true } };
  },
});
