import { createPrivateKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { compactVerify, importJWK, jwtVerify } from 'jose';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { GET as listRoute } from '~/pages/api/v2/certificates/index';
import { GET as pdfRoute } from '~/pages/api/v2/certificates/[id]/pdf';
import { GET as badgeRoute } from '~/pages/api/v2/certificates/[id]/badge';
import { POST as revokeRoute } from '~/pages/api/v2/certificates/[id]/revoke';
import { GET as verifyRoute } from '~/pages/api/v2/certificates/verify/[code]';
import { POST as bulkIssueRoute } from '~/pages/api/v2/cohorts/[id]/certificates/issue/index';
import { GET as runRoute } from '~/pages/api/v2/cohorts/[id]/certificates/issue/[runId]';
import { GET as keysRoute } from '~/pages/.well-known/certificates-key.json';
import * as designRoute from '~/pages/api/v2/programs/[id]/certificate/index';
import { POST as imagesRoute } from '~/pages/api/v2/programs/[id]/certificate/images';
import { GET as previewRoute } from '~/pages/api/v2/programs/[id]/certificate/preview';
import { ROLE_IDS } from '~/lib/shared/constants';
import { getDb } from '~/lib/server/db/client';
import { approvalRules, certificateKeys, certificateRuns, certificates, cohorts as cohortsTable, mailMessages, users } from '~/lib/server/db/schema';
import { issueAutomatically, issueToStudents, workBulkIssueRun } from '~/lib/server/services/certificates/bulk-issue';
import { eligibleStudentsOf } from '~/lib/server/services/certificates/eligibility';
import { issueCertificate, issueCertificates } from '~/lib/server/services/certificates/issue-certificate';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { anonymizeAccount } from '~/lib/server/services/people/personal-data';
import { rotateSigningKey } from '~/lib/server/services/certificates/signing-keys';
import { runOperatorCommand } from '~/lib/server/ops/commands';
import { CERTIFICATE_CODE_PATTERN } from '~/lib/shared/schemas/certificates';
import VerifyPage from '~/pages/verify/[code].astro';
import CertificatesPage from '~/pages/certificates.astro';
import AdminCohortPage from '~/pages/admin/cohorts/[id].astro';
import DesignPage from '~/pages/admin/programs/[id]/certificate.astro';
import { renderPage } from '../support/astro-pages';
import { deliverQueuedMail } from '../support/mail';
import { call, ORIGIN } from '../support/http';
import { callForm, svgBytes } from '../support/multipart';
import { accessTokenFor, createAssignment, createCohort, createReleasedCourse, createUser, enrollStudent } from '../factories';
import { createGradeCategory, gradeSubmission } from '../factories/gradebook';
import { cohortWithCertificateDesign, designCertificateFor, issueTo, realPng } from '../factories/certificates';

const verify = (code: string, headers: Record<string, string> = {}) => call(verifyRoute, { path: `/api/v2/certificates/verify/${code}/`, params: { code }, headers });
const keySet = async () => (await call(keysRoute, { path: '/.well-known/certificates-key.json' })).json as { keys: { kid: string; x: string }[] };

/** Calls a PDF endpoint and keeps its bytes (the JSON helper would decode them as text). */
async function downloadPdf(handler: typeof pdfRoute, path: string, params: Record<string, string>, token: string, lang = 'es') {
  const request = new Request(new URL(path, ORIGIN), { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const response = await handler({ request, params, clientAddress: '127.0.0.1' });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('issueCertificate', () => {
  it('issues one signed certificate with an unguessable code, and issuing again answers the same one', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const db = await getDb();
    const first = await db.transaction((tx) => issueCertificate(tx, { cohortId: cohort.id, userId: student.id, issuedBy: null }));
    const again = await db.transaction((tx) => issueCertificate(tx, { cohortId: cohort.id, userId: student.id, issuedBy: null }));
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.certificate.id).toBe(first.certificate.id);
    expect(first.certificate.code).toMatch(CERTIFICATE_CODE_PATTERN);
    expect(first.certificate.holderName).toBe('José Muñoz Peña');
    expect(await db.select().from(certificates).where(eq(certificates.userId, student.id))).toHaveLength(1);
  });

  it('queues the student an e-mail in their language when (and only when) a certificate is new', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    await issueTo(student, cohort);
    await issueTo(student, cohort);
    const db = await getDb();
    const mail = await db.select().from(mailMessages).where(eq(mailMessages.userId, student.id));
    expect(mail.map((message) => message.kind)).toEqual(['certificate_issued']);
    expect(mail[0]!.params.path).toBe('/certificates');
    // Delivered to the development mailbox: the subject names the program, the button opens "Mis certificados".
    await deliverQueuedMail();
    const [delivered] = await db.select().from(mailMessages).where(eq(mailMessages.userId, student.id));
    expect(delivered!.subject).toMatch(/^Tu certificado de Programa \d+ está listo$/);
    expect(delivered!.bodyText).toContain('/certificates');
  });

  it('refuses a user who is not a student of the cohort (404), and a program without a design (409)', async () => {
    const { cohort } = await cohortWithCertificateDesign();
    const tutor = await createUser({ userType: 'staff' });
    await enrollStudent(tutor, cohort, { roleId: ROLE_IDS.tutor });
    const stranger = await createUser();
    await expect(issueTo(tutor, cohort)).rejects.toMatchObject({ code: 'not_found' });
    await expect(issueTo(stranger, cohort)).rejects.toMatchObject({ code: 'not_found' });
    const bare = await createCohort();
    const student = await createUser();
    await enrollStudent(student, bare);
    await expect(issueTo(student, bare)).rejects.toMatchObject({ code: 'certificate_design_missing' });
  });

  it('issues a chunk of students at once: new ones signed and mailed, holders answered as they are, others left out', async () => {
    const { cohort, student: holder } = await cohortWithCertificateDesign();
    const held = await issueTo(holder, cohort);
    const fresh = await Promise.all([0, 1, 2].map(() => createUser()));
    for (const person of fresh) await enrollStudent(person, cohort);
    const gone = await createUser();
    await enrollStudent(gone, cohort);
    const admin = await createUser({ userType: 'admin' });
    await anonymizeAccount({ id: admin.id, email: admin.email, userType: 'admin', cohorts: [] }, gone.id);
    const stranger = await createUser();
    const db = await getDb();
    const results = await db.transaction((tx) =>
      issueCertificates(tx, { cohortId: cohort.id, userIds: [fresh[0]!.id, holder.id, stranger.id, fresh[1]!.id, gone.id, fresh[2]!.id], issuedBy: null }),
    );
    expect(results.map((result) => [result.certificate.userId, result.created])).toEqual([
      [fresh[0]!.id, true],
      [holder.id, false],
      [fresh[1]!.id, true],
      [fresh[2]!.id, true],
    ]);
    expect(results[1]!.certificate.id).toBe(held.id);
    // Each new certificate's signature verifies over its own facts, and each new holder got one e-mail.
    for (const result of results.filter((entry) => entry.created)) {
      expect((await verify(result.certificate.code)).json).toMatchObject({ valid: true, holderName: result.certificate.holderName });
      expect(result.mailIds).toHaveLength(1);
    }
    const mailed = await db.select().from(mailMessages).where(eq(mailMessages.kind, 'certificate_issued'));
    expect(fresh.every((person) => mailed.filter((message) => message.userId === person.id).length === 1)).toBe(true);
  });

  it('issues again after a revocation (one valid certificate per student and cohort, not one ever)', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const admin = await createUser({ userType: 'admin' });
    const first = await issueTo(student, cohort);
    expect((await call(revokeRoute, { path: `/api/v2/certificates/${first.id}/revoke/`, params: { id: String(first.id) }, token: await accessTokenFor(admin), body: { reason: 'Error en el nombre' } })).status).toBe(200);
    const second = await issueTo(student, cohort);
    expect(second.id).not.toBe(first.id);
  });
});

describe('GET /api/v2/certificates/', () => {
  it('lists a cohort\'s certificates to its staff, a student their own, and another cohort\'s student nothing (404)', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const classmate = await createUser();
    await enrollStudent(classmate, cohort);
    await issueTo(student, cohort);
    await issueTo(classmate, cohort);
    const tutor = await createUser({ userType: 'staff' });
    await enrollStudent(tutor, cohort, { roleId: ROLE_IDS.tutor });
    const outsider = await createUser();
    await enrollStudent(outsider, await createCohort());
    const list = (token: string) => call(listRoute, { path: `/api/v2/certificates/?cohort_id=${cohort.id}`, token });

    expect((await list(await accessTokenFor(tutor))).json.count).toBe(2);
    const own = await list(await accessTokenFor(student));
    expect(own.json.results.map((item: { userId: number }) => item.userId)).toEqual([student.id]);
    expect(own.json.results[0].linkedInUrl).toContain('https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME');
    expect(own.json.results[0].linkedInUrl).toContain(`certId=${own.json.results[0].code}`);
    expect((await list(await accessTokenFor(outsider))).status).toBe(404);
    const mine = await call(listRoute, { path: '/api/v2/certificates/', token: await accessTokenFor(classmate) });
    expect(mine.json.results.map((item: { userId: number }) => item.userId)).toEqual([classmate.id]);
  });

  it('answers a malformed cohort_id with a 400 naming the field, in the caller\'s language', async () => {
    const token = await accessTokenFor(await createUser());
    const spanish = await call(listRoute, { path: '/api/v2/certificates/?cohort_id=abc', token });
    expect(spanish.status).toBe(400);
    expect(spanish.json.error.fields.cohort_id).toBe('El identificador no es válido');
    const english = await call(listRoute, { path: '/api/v2/certificates/?cohort_id=abc', token, headers: { 'accept-language': 'en' } });
    expect(english.json.error.fields.cohort_id).toMatch(/identifier/i);
  });
});

describe('GET /api/v2/certificates/{id}/pdf/', () => {
  it('is a real PDF that parses back, names the code and embeds a font that carries Spanish accents', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const answer = await downloadPdf(pdfRoute, `/api/v2/certificates/${certificate.id}/pdf/`, { id: String(certificate.id) }, await accessTokenFor(student));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(answer.bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getKeywords()).toContain(certificate.code);
    expect(pdf.getSubject()).toContain(certificate.code);
    expect(pdf.getTitle()).toBe('Certificado de aprobación');
    // The fonts are DejaVu Sans, embedded whole (its file travels in the PDF), not one of the 14 standard fonts.
    const fonts = pdf.context.enumerateIndirectObjects().map(([, object]) => object).filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    expect(fonts.map((font) => String(font.get(PDFName.of('FontName'))))).toEqual(expect.arrayContaining([expect.stringContaining('DejaVuSans')]));
    expect(fonts.every((font) => font.has(PDFName.of('FontFile2')))).toBe(true);
  });

  it('draws the design\'s logo, background and signature images', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const adminToken = await accessTokenFor(await createUser({ userType: 'admin' }));
    for (const [slot, extra] of [['logo', {}], ['background', {}], ['signature', { signer: '0' }]] as const) {
      const uploaded = await callForm(imagesRoute, { path: `/api/v2/programs/${cohort.programId}/certificate/images/`, params: { id: String(cohort.programId) }, token: adminToken, fields: { slot, ...extra }, files: { image: { name: `${slot}.png`, type: 'image/png', data: realPng(8) } } });
      expect(uploaded.status, slot).toBe(200);
    }
    const certificate = await issueTo(student, cohort);
    const answer = await downloadPdf(pdfRoute, `/api/v2/certificates/${certificate.id}/pdf/`, { id: String(certificate.id) }, await accessTokenFor(student));
    expect(answer.status).toBe(200);
    const pdf = await PDFDocument.load(answer.bytes);
    const images = pdf.context.enumerateIndirectObjects().filter(([, object]) => 'dict' in object && (object as { dict: PDFDict }).dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(3);
  });

  it('is not found for someone else\'s certificate', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const answer = await downloadPdf(pdfRoute, `/api/v2/certificates/${certificate.id}/pdf/`, { id: String(certificate.id) }, await accessTokenFor(await createUser()));
    expect(answer.status).toBe(404);
  });
});

describe('revocation', () => {
  it('revokes with a reason; the public verification then says revoked and not valid; revoking again is a 409', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const token = await accessTokenFor(await createUser({ userType: 'admin' }));
    const revoke = (body: unknown, headers: Record<string, string> = {}) => call(revokeRoute, { path: `/api/v2/certificates/${certificate.id}/revoke/`, params: { id: String(certificate.id) }, token, body, headers });

    const empty = await revoke({ reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.reason).toBe('Escribe el motivo de la revocación');
    expect((await revoke({}, { 'accept-language': 'en' })).json.error.fields.reason).toBeTruthy();

    const revoked = await revoke({ reason: 'Plagio comprobado' });
    expect(revoked.status).toBe(200);
    expect(revoked.json.status).toBe('revoked');
    const verification = await verify(certificate.code);
    expect(verification.json).toMatchObject({ valid: false, status: 'revoked' });
    expect(verification.json.revokedAt).toBeTruthy();
    expect(JSON.stringify(verification.json)).not.toContain('Plagio');

    const again = await revoke({ reason: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('certificate_already_revoked');
  });

  it('is refused to the holder and the tutor (403) and unknown ids are 404', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const tutor = await createUser({ userType: 'staff' });
    await enrollStudent(tutor, cohort, { roleId: ROLE_IDS.tutor });
    const revokeAs = async (user: { id: number }, id = certificate.id) => call(revokeRoute, { path: `/api/v2/certificates/${id}/revoke/`, params: { id: String(id) }, token: await accessTokenFor(user), body: { reason: 'x' } });
    expect((await revokeAs(student)).status).toBe(403);
    expect((await revokeAs(tutor)).status).toBe(403);
    expect((await revokeAs(await createUser({ userType: 'admin' }), 2_000_000)).status).toBe(404);
  });
});

describe('public verification', () => {
  it('tells a valid certificate\'s facts, and nothing more, to anyone', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const answer = await verify(certificate.code);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ valid: true, status: 'valid', holderName: 'José Muñoz Peña', title: 'Certificado de aprobación', hours: 96, signers: [{ name: 'Ángela Núñez', role: 'Directora académica' }] });
    expect(Object.keys(answer.json).sort()).toEqual(['code', 'holderName', 'hours', 'issuedAt', 'programName', 'revokedAt', 'signature', 'signers', 'status', 'title', 'valid']);
    expect(JSON.stringify(answer.json)).not.toContain(student.email);
  });

  it('accepts a code typed in lower case, answers 404 for an unknown code and 400 for a malformed one', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    expect((await verify(certificate.code.toLowerCase())).status).toBe(200);
    expect((await verify('0000-0000-0000-0000')).status).toBe(404);
    const malformed = await verify('not-a-code', { 'accept-language': 'en' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.fields.code).toMatch(/verification code/);
  });

  it('shows an anonymised person\'s certificate as valid without their name (nor the signed facts that carry it)', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const db = await getDb();
    await db.update(users).set({ anonymizedAt: new Date(), firstName: 'Anónimo', lastName: '' }).where(eq(users.id, student.id));
    const answer = await verify(certificate.code);
    expect(answer.json).toMatchObject({ valid: true, holderName: null, signature: '' });
    expect(JSON.stringify(answer.json)).not.toContain('Muñoz');
  });

  it('erases the name from the certificate itself when an admin anonymises the person, and it stays valid', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const admin = await createUser({ userType: 'admin' });
    await anonymizeAccount({ id: admin.id, email: admin.email, userType: 'admin', cohorts: [] }, student.id);
    const db = await getDb();
    const [row] = await db.select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(row!.holderName).toBe('');
    expect(JSON.parse(Buffer.from(row!.signature.split('.')[1]!, 'base64url').toString()).name).toBe('');
    expect((await verify(certificate.code)).json).toMatchObject({ valid: true, holderName: null });
  });

  it('is not valid once its facts no longer match what was signed', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const db = await getDb();
    await db.update(certificates).set({ hours: 400 }).where(eq(certificates.id, certificate.id));
    expect((await verify(certificate.code)).json.valid).toBe(false);
  });
});

describe('signing keys', () => {
  it('signs the QR\'s facts with Ed25519, checkable with the published key alone', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const { signature } = (await verify(certificate.code)).json;
    const { keys } = await keySet();
    const kid = JSON.parse(Buffer.from(signature.split('.')[0], 'base64url').toString()).kid;
    const jwk = keys.find((key) => key.kid === kid)!;
    const { payload } = await compactVerify(signature, await importJWK(jwk as never, 'EdDSA'));
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ code: certificate.code, name: 'José Muñoz Peña', hours: 96 });
    // A forged payload under the same signature fails.
    const [header, , sig] = signature.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ code: certificate.code, hours: 999 })).toString('base64url')}.${sig}`;
    await expect(compactVerify(forged, await importJWK(jwk as never, 'EdDSA'))).rejects.toThrow();
  });

  it('keeps certificates signed before a rotation verifiable, with both keys published', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const classmate = await createUser();
    await enrollStudent(classmate, cohort);
    const before = await issueTo(student, cohort);
    const db = await getDb();
    const newKid = await rotateSigningKey(db);
    const after = await issueTo(classmate, cohort);
    expect(after.keyId).toBe(newKid);
    expect(before.keyId).not.toBe(newKid);
    expect((await verify(before.code)).json.valid).toBe(true);
    expect((await verify(after.code)).json.valid).toBe(true);
    const kids = (await keySet()).keys.map((key) => key.kid);
    expect(kids).toEqual(expect.arrayContaining([before.keyId, newKid]));
  });
});

describe('signing keys at rest', () => {
  it('stores the private key encrypted: the database alone cannot sign; a changed AUTH_SECRET retires it and a new key signs', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const classmate = await createUser();
    await enrollStudent(classmate, cohort);
    const before = await issueTo(student, cohort);
    const db = await getDb();
    const [stored] = await db.select().from(certificateKeys).where(eq(certificateKeys.id, before.keyId));
    expect(stored!.privateKey).toContain('BEGIN ENCRYPTED PRIVATE KEY');
    expect(() => createPrivateKey(stored!.privateKey)).toThrow();

    const secret = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = 'another-secret-of-at-least-thirty-two-characters';
    try {
      const after = await issueTo(classmate, cohort);
      expect(after.keyId).not.toBe(before.keyId);
      const [retired] = await db.select().from(certificateKeys).where(eq(certificateKeys.id, before.keyId));
      expect(retired!.retiredAt).not.toBeNull();
      expect((await verify(after.code)).json.valid).toBe(true);
    } finally {
      process.env.AUTH_SECRET = secret;
    }
    // What the old key signed still verifies: its public half stays published.
    expect((await verify(before.code)).json.valid).toBe(true);
    expect((await keySet()).keys.map((key) => key.kid)).toContain(before.keyId);
  });
});

describe('the operator\'s key rotation', () => {
  it('`npm run senda -- rotate-certificate-key` signs from then on with a new key, the old one still published', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const before = await issueTo(student, cohort);
    const result = await runOperatorCommand({ name: 'rotate-certificate-key' });
    expect(result.key).toBe('cli.certificateKeyRotated');
    expect(result.params.keyId).not.toBe(before.keyId);
    expect((await keySet()).keys.map((key) => key.kid)).toEqual(expect.arrayContaining([before.keyId, result.params.keyId]));
    expect((await verify(before.code)).json.valid).toBe(true);
  });
});

describe('Open Badges 3.0', () => {
  it('answers an OpenBadgeCredential and its VC-JWT, verifiable with the published key', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const answer = await call(badgeRoute, { path: `/api/v2/certificates/${certificate.id}/badge/`, params: { id: String(certificate.id) }, token: await accessTokenFor(student) });
    expect(answer.status).toBe(200);
    const { credential, jwt } = answer.json;
    expect(credential['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.credentialSubject.achievement.name).toBe('Certificado de aprobación');
    expect(JSON.stringify(credential)).not.toContain(student.email);
    const { keys } = await keySet();
    const jwk = keys.find((key) => key.kid === certificate.keyId)!;
    const { payload, protectedHeader } = await jwtVerify(jwt, await importJWK(jwk as never, 'EdDSA'));
    expect(protectedHeader.typ).toBe('vc+jwt');
    expect(payload.jti).toBe(credential.id);
    expect(payload.credentialSubject).toEqual(credential.credentialSubject);
  });
});

/** A cohort with a certificate, a course graded by one assignment that must pass, and an approval rule of grade 3.0 (ADR 027). */
async function cohortWithApprovals() {
  const { cohort, student: passing } = await cohortWithCertificateDesign();
  const db = await getDb();
  await db.update(cohortsTable).set({ startsOn: '2020-01-01', endsOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10) }).where(eq(cohortsTable.id, cohort.id));
  await db.insert(approvalRules).values({ cohortId: cohort.id, minGrade: 3, minCompletionPercent: 0, minAttendancePercent: 0, mustPassItems: true, allCoursesRequired: true, passMark: 3 });
  const course = await createReleasedCourse(cohort);
  const category = await createGradeCategory(course.id);
  const assignment = await createAssignment({ courseId: course.id, title: 'Proyecto final', gradeCategoryId: category.id, mustPass: true });
  const failing = await createUser({ firstName: 'Luisa', lastName: 'Rojas' });
  await enrollStudent(failing, cohort);
  await gradeSubmission(assignment.id, passing.id, 90);
  await gradeSubmission(assignment.id, failing.id, 40);
  return { cohort, passing, failing };
}

const certificatesOf = async (cohortId: number) => (await getDb()).select().from(certificates).where(eq(certificates.cohortId, cohortId));

describe('bulk issue', () => {
  it('issues to every student whose approval holds (approvalsOf), end to end, with its progress, and again issues nobody twice', async () => {
    const { cohort, passing } = await cohortWithApprovals();
    expect(await eligibleStudentsOf(await getDb(), cohort.id)).toEqual([passing.id]);
    const token = await accessTokenFor(await createUser({ userType: 'admin' }));
    const at = { path: `/api/v2/cohorts/${cohort.id}/certificates/issue/`, params: { id: String(cohort.id) }, token, body: {} };
    const started = await call(bulkIssueRoute, at);
    expect(started.status).toBe(202);
    // Answered at once: the job counts who approved (itemsTotal 0 until then).
    expect(started.json).toMatchObject({ status: 'queued', itemsTotal: 0, itemsDone: 0 });
    // What the certificates.issue job does with it.
    await workBulkIssueRun(started.json.id);
    const progress = await call(runRoute, { path: `/api/v2/cohorts/${cohort.id}/certificates/issue/${started.json.id}/`, params: { id: String(cohort.id), runId: String(started.json.id) }, token });
    expect(progress.json).toMatchObject({ status: 'done', itemsTotal: 1, itemsDone: 1, issuedCount: 1 });
    expect((await certificatesOf(cohort.id)).map((row) => row.userId)).toEqual([passing.id]);

    const again = await call(bulkIssueRoute, at);
    await workBulkIssueRun(again.json.id);
    const [rerun] = await (await getDb()).select().from(certificateRuns).where(eq(certificateRuns.id, again.json.id));
    expect(rerun).toMatchObject({ status: 'done', issuedCount: 0 });
    expect(await certificatesOf(cohort.id)).toHaveLength(1);
  });

  it('issues automatically where the program says so, and only there', async () => {
    const { cohort, passing } = await cohortWithApprovals();
    await issueAutomatically();
    expect(await certificatesOf(cohort.id)).toHaveLength(0);
    await designCertificateFor(cohort, { autoIssue: true });
    await issueAutomatically();
    const issued = await certificatesOf(cohort.id);
    expect(issued.map((row) => [row.userId, row.issuedBy])).toEqual([[passing.id, null]]);
    await issueAutomatically();
    expect(await certificatesOf(cohort.id)).toHaveLength(1);
  });

  it('says first when the cohort\'s program has no certificate (409, in the caller\'s language), and 404 for an unknown cohort', async () => {
    const token = await accessTokenFor(await createUser({ userType: 'admin' }));
    const bare = await createCohort();
    const answer = await call(bulkIssueRoute, { path: `/api/v2/cohorts/${bare.id}/certificates/issue/`, params: { id: String(bare.id) }, token, body: {}, headers: { 'accept-language': 'en' } });
    expect(answer.status).toBe(409);
    expect(answer.json.error).toMatchObject({ code: 'certificate_design_missing', message: "This cohort's program has no certificate designed yet." });
    expect((await call(bulkIssueRoute, { path: '/api/v2/cohorts/2000000/certificates/issue/', params: { id: '2000000' }, token, body: {} })).status).toBe(404);
  });

  it('issues to a list of students in chunks, counting only the new certificates', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const others = await Promise.all([1, 2, 3].map(async () => {
      const user = await createUser();
      await enrollStudent(user, cohort);
      return user;
    }));
    await issueTo(student, cohort);
    const progress: number[] = [];
    const issued = await issueToStudents(cohort.id, [student.id, ...others.map((user) => user.id)], null, async (done) => {
      progress.push(done);
    });
    expect(issued).toBe(3);
    expect(progress.at(-1)).toBe(4);
    expect(await certificatesOf(cohort.id)).toHaveLength(4);
  });

  it('records a run that cannot work (its program\'s design gone) as failed, with the reason its progress shows', async () => {
    const cohort = await createCohort();
    const admin = await createUser({ userType: 'admin' });
    const db = await getDb();
    const [run] = await db.insert(certificateRuns).values({ cohortId: cohort.id, requestedBy: admin.id }).returning();
    await workBulkIssueRun(run!.id);
    const answer = await call(runRoute, { path: `/api/v2/cohorts/${cohort.id}/certificates/issue/${run!.id}/`, params: { id: String(cohort.id), runId: String(run!.id) }, token: await accessTokenFor(admin) });
    expect(answer.json).toMatchObject({ status: 'failed', error: 'certificate_design_missing' });
  });
});

describe('certificate design', () => {
  it('lets a platform admin save and read a program\'s design, validating it in the caller\'s language', async () => {
    const cohort = await createCohort();
    const token = await accessTokenFor(await createUser({ userType: 'admin' }));
    const at = { path: `/api/v2/programs/${cohort.programId}/certificate/`, params: { id: String(cohort.programId) }, token };
    expect((await call(designRoute.GET, at)).status).toBe(404);
    const invalid = await call(designRoute.PUT, { ...at, method: 'PUT', body: { title: '', hours: 0 }, headers: { 'accept-language': 'en' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.fields).toMatchObject({ title: "Write the certificate's title", hours: 'Hours must be greater than zero' });
    const saved = await call(designRoute.PUT, { ...at, method: 'PUT', body: { title: 'Diploma', hours: 40, signers: [{ name: 'Ana', role: 'Rectora' }], autoIssue: true } });
    expect(saved.json).toMatchObject({ title: 'Diploma', hours: 40, autoIssue: true, hasLogo: false, signers: [{ name: 'Ana', role: 'Rectora', hasSignature: false }] });
    expect((await call(designRoute.GET, at)).json.title).toBe('Diploma');
  });

  it('refuses an image that is not a PNG or JPEG by its bytes (415), and previews the design as a PDF', async () => {
    const cohort = await createCohort();
    await designCertificateFor(cohort);
    const token = await accessTokenFor(await createUser({ userType: 'admin' }));
    const svg = await callForm(imagesRoute, { path: `/api/v2/programs/${cohort.programId}/certificate/images/`, params: { id: String(cohort.programId) }, token, fields: { slot: 'logo' }, files: { image: { name: 'logo.png', type: 'image/png', data: svgBytes() } } });
    expect(svg.status).toBe(415);
    expect(svg.json.error.code).toBe('certificate_image_invalid');
    const preview = await downloadPdf(previewRoute, `/api/v2/programs/${cohort.programId}/certificate/preview/`, { id: String(cohort.programId) }, token);
    expect(preview.status).toBe(200);
    expect((await PDFDocument.load(preview.bytes)).getTitle()).toBe('Certificado de aprobación');
  });
});

describe('the /verify page and "Mis certificados"', () => {
  it('shows a certificate\'s facts and validity in under 20 KB, with no JavaScript', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const page = await renderPage(VerifyPage, { path: `/verify/${certificate.code}`, params: { code: certificate.code }, userId: student.id });
    expect(page.status).toBe(200);
    expect(page.html).toContain('Certificado válido');
    expect(page.html).toContain('José Muñoz Peña');
    expect(page.html).toContain('Ángela Núñez');
    expect(page.html).toContain(certificate.code);
    expect(page.html).not.toMatch(/<script/i);
    expect(Buffer.byteLength(page.html)).toBeLessThan(20 * 1024);
  });

  it('says revoked, and answers 404 with a clear message for an unknown code', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const db = await getDb();
    await db.update(certificates).set({ status: 'revoked', revokedAt: new Date() }).where(eq(certificates.id, certificate.id));
    const revoked = await renderPage(VerifyPage, { path: `/verify/${certificate.code}`, params: { code: certificate.code }, userId: student.id, lang: 'en' });
    expect(revoked.html).toContain('Revoked certificate');
    const unknown = await renderPage(VerifyPage, { path: '/verify/0000-0000-0000-0000', params: { code: '0000-0000-0000-0000' }, userId: student.id });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('No existe ningún certificado con el código 0000-0000-0000-0000');
  });

  it('lists a student\'s certificates with their downloads and LinkedIn link, or says there are none yet', async () => {
    const { cohort, student } = await cohortWithCertificateDesign({ statusStudent: 1 });
    const empty = await renderPage(CertificatesPage, { path: '/certificates', userId: student.id });
    expect(empty.html).toContain('Aún no tienes certificados');
    const certificate = await issueTo(student, cohort);
    const page = await renderPage(CertificatesPage, { path: '/certificates', userId: student.id });
    expect(page.html).toContain(`/certificates/${certificate.id}/pdf`);
    expect(page.html).toContain('https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME');
    expect(page.html).toContain(`/verify/${certificate.code}`);
  });
});

describe('the demo data', () => {
  it('gives the finished program a certificate design and Sofía a valid certificate of its cohort', async () => {
    const db = await getDb();
    await seedDemoData(db);
    const [sofia] = await db.select().from(users).where(eq(users.email, 'student@senda.test'));
    const [held] = await db.select().from(certificates).where(eq(certificates.userId, sofia!.id));
    expect(held).toMatchObject({ status: 'valid', title: 'Certificado de aprobación', hours: 120 });
    expect((await verify(held!.code)).json).toMatchObject({ valid: true, holderName: `${sofia!.firstName} ${sofia!.lastName}` });
  });
});

describe('the admin screens', () => {
  it('render a cohort\'s certificates with the page, and a program\'s design with its preview link, for a platform admin only', async () => {
    const { cohort, student } = await cohortWithCertificateDesign();
    const certificate = await issueTo(student, cohort);
    const admin = await createUser({ userType: 'admin', statusStudent: 1 });
    const cohortPage = await renderPage(AdminCohortPage, { path: `/admin/cohorts/${cohort.id}`, params: { id: String(cohort.id) }, userId: admin.id });
    expect(cohortPage.status).toBe(200);
    expect(cohortPage.html).toContain(`/verify/${certificate.code}`);
    const design = await renderPage(DesignPage, { path: `/admin/programs/${cohort.programId}/certificate`, params: { id: String(cohort.programId) }, userId: admin.id });
    expect(design.status).toBe(200);
    expect(design.html).toContain(`/admin/programs/${cohort.programId}/certificate-preview`);
    expect(design.html).toContain('Certificado de aprobación');
    const tutor = await createUser({ userType: 'staff', statusStudent: 1 });
    await enrollStudent(tutor, cohort, { roleId: ROLE_IDS.tutor });
    const refused = await renderPage(DesignPage, { path: `/admin/programs/${cohort.programId}/certificate`, params: { id: String(cohort.programId) }, userId: tutor.id });
    expect(refused.status).toBe(404);
  });
});
