/**
 * The certificates' demo data: the finished program's certificate design and Sofía's certificate of its cohort; the
 * running program's design and the certificate of Laura, approved in the gradebook's demo cohort.
 */
import type { Tx } from '~/lib/server/db/client';
import { writeCertificateDesign } from './designs';
import { issueCertificate } from './issue-certificate';

/** Designs both programs' certificates and issues Sofía's and Laura's (through issueCertificate, as every certificate is). */
export async function seedDemoCertificates(
  tx: Tx,
  demo: { pastProgramId: number; pastCohortId: number; sofia: number; admin: number; programId: number; gradedCohortId: number; laura: number },
): Promise<void> {
  await writeCertificateDesign(tx, demo.pastProgramId, {
    title: 'Certificado de aprobación',
    hours: 120,
    signers: [
      { name: 'María Fernanda Gómez', role: 'Directora académica' },
      { name: 'Andrés Peña', role: 'Coordinador del programa' },
    ],
    autoIssue: false,
  });
  await issueCertificate(tx, { cohortId: demo.pastCohortId, userId: demo.sofia, issuedBy: demo.admin });
  await writeCertificateDesign(tx, demo.programId, {
    title: 'Certificado de aprobación: Desarrollo web',
    hours: 120,
    signers: [{ name: 'María Fernanda Gómez', role: 'Directora académica' }],
    autoIssue: false,
  });
  await issueCertificate(tx, { cohortId: demo.gradedCohortId, userId: demo.laura, issuedBy: demo.admin });
}
