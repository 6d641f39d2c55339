import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { POST as bulkUsers } from '~/pages/api/v2/cohorts/[id]/users/bulk-users';
import { ORIGIN } from '../support/http';
import { accessTokenFor, createCohort, createUser } from '../factories';

const TEMPLATE = new URL('../../public/templates/plantilla-miembros.csv', import.meta.url);

describe('the members CSV template offered in the admin screen', () => {
  it('is accepted by the bulk assignment as it is downloaded (Spanish headers, ";" separators, Spanish values)', async () => {
    const text = await readFile(TEMPLATE, 'utf8');
    expect(text.split(/\r?\n/)[0]).toBe('correo;rol;estado');
    const emails = [...text.matchAll(/^([^;\s]+@[^;\s]+);/gm)].map((match) => match[1]!);
    expect(emails.length).toBeGreaterThan(0);
    for (const email of emails) await createUser({ email });
    const cohort = await createCohort();
    const token = await accessTokenFor(await createUser({ userType: 'admin' }));

    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), 'plantilla-miembros.csv');
    const request = new Request(new URL(`/api/v2/cohorts/${cohort.id}/users/bulk-users/?dryRun=true`, ORIGIN), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const response = await bulkUsers({ request, params: { id: String(cohort.id) }, clientAddress: '127.0.0.1' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ created: emails.length, updated: 0, total: emails.length, dryRun: true });
  });
});
