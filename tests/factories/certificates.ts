/** Certificates for tests: a program's design and a student's certificate, made the way the app makes them. */
import { deflateSync } from 'node:zlib';
import { getDb } from '~/lib/server/db/client';
import { writeCertificateDesign } from '~/lib/server/services/certificates/designs';
import { issueCertificate } from '~/lib/server/services/certificates/issue-certificate';
import type { CertificateDesignBody } from '~/lib/shared/schemas/certificates';
import { createCohort, createUser, enrollStudent, type Cohort } from './index';

/** Designs the certificate of a cohort's program. */
export async function designCertificateFor(cohort: Pick<Cohort, 'programId'>, overrides: Partial<CertificateDesignBody> = {}) {
  const db = await getDb();
  return writeCertificateDesign(db, cohort.programId!, {
    title: 'Certificado de aprobación',
    hours: 96,
    signers: [{ name: 'Ángela Núñez', role: 'Directora académica' }],
    autoIssue: false,
    ...overrides,
  });
}

/** A cohort whose program has a certificate, and one of its students. */
export async function cohortWithCertificateDesign(studentOverrides: Parameters<typeof createUser>[0] = {}) {
  const cohort = await createCohort({ status: 'ACTIVE' });
  await designCertificateFor(cohort);
  const student = await createUser({ firstName: 'José', lastName: 'Muñoz Peña', ...studentOverrides });
  await enrollStudent(student, cohort);
  return { cohort, student };
}

/** Issues a student's certificate directly (as the bulk issue and the automatic issue do). */
export async function issueTo(student: { id: number }, cohort: { id: number }, issuedBy: number | null = null) {
  const db = await getDb();
  return (await db.transaction((tx) => issueCertificate(tx, { cohortId: cohort.id, userId: student.id, issuedBy }))).certificate;
}

/** A real, decodable PNG of `size`×`size` teal pixels (pdf-lib embeds it). */
export function realPng(size = 4): Uint8Array<ArrayBuffer> {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.concat(Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [15, 118, 110]).flat())])));
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  return new Uint8Array(png);
}
