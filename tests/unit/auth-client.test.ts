/**
 * The browser's session requests go one at a time: every answer of
 * /api/auth/session sets the cookie again from the one its request carried,
 * so a read racing an update could put the old session back (issue 30: a
 * student who had just accepted the terms was sent back to /home).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, updateSession } from '~/lib/client/auth-client';

const SESSION = { user: { idUser: 5, statusStudent: 1 }, expires: '2030-01-01' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session requests of a page', () => {
  it('a read asked for while an update is under way is sent only once the update is answered', async () => {
    const sent: string[] = [];
    let answerUpdate!: () => void;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const what = `${init?.method ?? 'GET'} ${String(input)}`;
      sent.push(what);
      if (what === 'GET /api/auth/csrf') return Response.json({ csrfToken: 'csrf' });
      if (what === 'POST /api/auth/session') await new Promise<void>((resolve) => (answerUpdate = resolve));
      return Response.json(SESSION);
    });

    const update = updateSession();
    const read = getSession();
    await vi.waitFor(() => expect(sent).toEqual(['GET /api/auth/csrf', 'POST /api/auth/session']));
    // The poll waits while the update is out.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual(['GET /api/auth/csrf', 'POST /api/auth/session']);

    answerUpdate();
    expect(await update).toEqual(SESSION);
    expect(await read).toEqual(SESSION);
    expect(sent).toEqual(['GET /api/auth/csrf', 'POST /api/auth/session', 'GET /api/auth/session']);
  });

  it('a failed read does not hold up the next one', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(null, { status: 500 })).mockResolvedValueOnce(Response.json(SESSION));
    await expect(getSession()).rejects.toThrow('session 500');
    expect(await getSession()).toEqual(SESSION);
  });
});
