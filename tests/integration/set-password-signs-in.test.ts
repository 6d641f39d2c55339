/**
 * A visitor who sets their password from the sign-up e-mail is signed in
 * (issue 35), not sent to /signin to type it again: the set-password page
 * answers with the session cookie Auth.js would set, which the next page
 * reads as any sign-in's. Invitation and recovery links still lead to /signin.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { describe, expect, it } from 'vitest';
import SetPasswordPage from '~/pages/set-password.astro';
import { getT } from '~/i18n';
import { getPageSession } from '~/lib/server/services/auth/page-session';
import { getDb } from '~/lib/server/db/client';
import { mintAccountLink } from '~/lib/server/services/people/account-links';
import { createUser } from '../factories';
import { createOffer, registerVisitorFor } from '../factories/registrations';
import { ORIGIN } from '../support/http';
import { reactContainerRenderer } from '../../build/react-renderer.mjs';

const PASSWORD = 'Clave-segura-123';

async function postSetPassword(token: string) {
  const container = await AstroContainer.create({ renderers: await loadRenderers([reactContainerRenderer]) });
  const response = await container.renderToResponse(SetPasswordPage, {
    locals: { t: getT('es'), lang: 'es', session: null, sessionError: null },
    request: new Request(`${ORIGIN}/set-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ token, password: PASSWORD, confirmPassword: PASSWORD }),
    }),
  });
  return { status: response.status, location: response.headers.get('location'), cookies: response.headers.getSetCookie() };
}

describe('setting a password from an e-mail link', () => {
  it('signs a visitor in from the sign-up link and sends them on to their registration', async () => {
    const offer = await createOffer();
    const { user, registration } = await registerVisitorFor(offer);
    const { token } = await mintAccountLink(await getDb(), user.id, 'registration');
    const answer = await postSetPassword(token);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/registrations/${registration.id}?verified=1`);
    const cookie = answer.cookies.find((line) => line.startsWith('authjs.session-token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    // The next request with that cookie is signed in as the visitor.
    const { session } = await getPageSession(new Request(`${ORIGIN}/home`, { headers: { cookie: cookie!.split(';')[0]! } }));
    expect(session?.user.email).toBe(user.email);
  });

  it('still sends an invited person to /signin with their address filled in', async () => {
    const person = await createUser({ invited: true });
    const { token } = await mintAccountLink(await getDb(), person.id, 'invitation');
    const answer = await postSetPassword(token);
    expect(answer.location).toMatch(/^\/signin\?passwordSet=invitation&email=/);
    expect(answer.cookies.some((line) => line.includes('session-token'))).toBe(false);
  });
});
