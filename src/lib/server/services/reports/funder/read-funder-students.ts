/**
 * The funder report's raw material (ADR 031): every student enrolment of the
 * cohorts in scope at the cut-off, with the person's profile and where they
 * are in the funnel at that date; and the sign-ups (enrolments plus
 * registrations to the cohorts' offers) made by then.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { DbOrTx } from '~/lib/server/db/client';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';
import { consentInForce } from '~/lib/server/services/people/consents';

/** Days before the cut-off in which lesson activity makes a student active. */
const ACTIVE_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One enrolment (a student in a cohort) at the cut-off. */
export interface FunderStudent {
  membershipId: number;
  userId: number;
  cohortId: number;
  cohortName: string;
  firstName: string;
  lastName: string;
  email: string;
  documentType: string | null;
  documentNumber: string | null;
  birthDate: string | null;
  genre: string | null;
  stratum: number | null;
  municipality: string | null;
  /** Only while the sensitive-data consent is in force (null otherwise). */
  populationGroup: string | null;
  hasFunderConsent: boolean;
  hasSensitiveConsent: boolean;
  isActive: boolean;
  isWithdrawn: boolean;
  /** The certificate valid at the cut-off (issued by then, not revoked by then). */
  certificateCode: string | null;
}

/** The first moment after the cut-off day in Bogotá (UTC−5 all year): everything before it happened by the cut-off. */
export function endOfCutoff(cutoff: string): Date {
  return new Date(Date.parse(`${cutoff}T00:00:00-05:00`) + DAY_MS);
}

const idList = (ids: readonly number[]): SQL => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * The student enrolments of these cohorts made by the cut-off that still
 * count: ACTIVE ones and withdrawn ones (a membership made INACTIVE without a
 * withdrawal was taken back, not left). Ordered by membership id.
 */
export async function readFunderStudents(db: DbOrTx, cohortIds: readonly number[], cutoff: string): Promise<FunderStudent[]> {
  if (cohortIds.length === 0) return [];
  const end = endOfCutoff(cutoff).toISOString();
  const activeFrom = new Date(endOfCutoff(cutoff).getTime() - ACTIVE_WINDOW_DAYS * DAY_MS).toISOString();
  const within = (column: SQL) => sql`(${column} >= ${activeFrom} and ${column} < ${end})`;
  const ids = idList(cohortIds);
  // Set-wise (ADR 031): who was active and which certificate counts are each read once for the whole scope and
  // joined, not asked again for each of 20,000 enrolments (the consents' test is already a hashed subplan).
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`with active as (
        select distinct lh.user_id, cc.cohort_id from lesson_history lh join lessons l on l.id = lh.lesson_id
          join cohort_courses cc on cc.course_id = l.course_id and cc.cohort_id in (${ids})
        where ${within(sql`lh.started_at`)} or ${within(sql`lh.completed_at`)} or ${within(sql`lh.updated_at`)}),
      certified as (
        select distinct on (ce.user_id, ce.cohort_id) ce.user_id, ce.cohort_id, ce.code from certificates ce
        where ce.cohort_id in (${ids}) and ce.issued_at < ${end} and (ce.revoked_at is null or ce.revoked_at >= ${end})
        order by ce.user_id, ce.cohort_id, ce.issued_at, ce.id)
      select m.id as membership_id, m.user_id, m.cohort_id, c.name as cohort_name, u.first_name, u.last_name, u.email,
        p.document_type, p.document_number, p.birth_date::text as birth_date, p.genre, p.stratum, p.municipality, p.population_group,
        ${consentInForce(sql`m.user_id`, 'funder_reports')} as funder_consent,
        ${consentInForce(sql`m.user_id`, 'sensitive_data')} as sensitive_consent,
        (m.withdrawn_on is not null and m.withdrawn_on <= ${cutoff}::date) as withdrawn,
        (a.user_id is not null) as active, ce.code as certificate_code
      from memberships m join users u on u.id = m.user_id join cohorts c on c.id = m.cohort_id left join profiles p on p.user_id = m.user_id
        left join active a on a.user_id = m.user_id and a.cohort_id = m.cohort_id
        left join certified ce on ce.user_id = m.user_id and ce.cohort_id = m.cohort_id
      where m.role_id = ${ROLE_IDS.student} and m.cohort_id in (${ids}) and m.created_at < ${end}
        and (m.status = 'ACTIVE' or m.withdrawn_on is not null)
      order by m.id`),
  );
  return rows.map((raw) => {
    const hasSensitiveConsent = Boolean(raw.sensitive_consent);
    return {
      membershipId: Number(raw.membership_id),
      userId: Number(raw.user_id),
      cohortId: Number(raw.cohort_id),
      cohortName: String(raw.cohort_name),
      firstName: String(raw.first_name ?? ''),
      lastName: String(raw.last_name ?? ''),
      email: String(raw.email),
      documentType: (raw.document_type as string | null) ?? null,
      documentNumber: (raw.document_number as string | null) ?? null,
      birthDate: (raw.birth_date as string | null) ?? null,
      genre: (raw.genre as string | null) ?? null,
      stratum: raw.stratum === null || raw.stratum === undefined ? null : Number(raw.stratum),
      municipality: (raw.municipality as string | null) ?? null,
      // ADR 030: a group given before the consent existed is not used without it.
      populationGroup: hasSensitiveConsent ? ((raw.population_group as string | null) ?? null) : null,
      hasFunderConsent: Boolean(raw.funder_consent),
      hasSensitiveConsent,
      isActive: Boolean(raw.active),
      isWithdrawn: Boolean(raw.withdrawn),
      certificateCode: (raw.certificate_code as string | null) ?? null,
    };
  });
}

/**
 * People who signed up to these cohorts by the cut-off: those enrolled (the
 * `enrolled` pairs of user and cohort) and those with a registration to one of
 * the cohorts' offers made by then, each person and cohort once.
 */
export async function countSignUps(db: DbOrTx, cohortIds: readonly number[], cutoff: string, enrolled: readonly FunderStudent[]): Promise<number> {
  const pairs = new Set(enrolled.map((student) => `${student.userId}:${student.cohortId}`));
  if (cohortIds.length === 0) return pairs.size;
  const rows = rowsOf<{ user_id: number; cohort_id: number }>(
    await db.execute(sql`select distinct r.user_id, o.cohort_id from registrations r join offers o on o.id = r.offer_id
      where o.cohort_id in (${idList(cohortIds)}) and r.created_at < ${endOfCutoff(cutoff).toISOString()}`),
  );
  for (const row of rows) pairs.add(`${row.user_id}:${row.cohort_id}`);
  return pairs.size;
}
