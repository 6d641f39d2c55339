/**
 * What each report holds: its columns (header key and kind) and the SQL of
 * one page of rows. Every report is driven by the students' ACTIVE
 * memberships in the caller's cohorts (`m`), a page of memberships at a time
 * (write-report.ts), so rows come in a stable order: by membership, then by
 * what the report lists for each student. The dashboard reads the same
 * fragments (dashboard/), so its figures match the files.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Translate } from '~/i18n';
import { findMunicipality } from '~/lib/shared/colombia';
import type { ReportType } from '~/lib/shared/schemas/reports';
import type { ColumnKind, TableCell } from '~/lib/server/spreadsheets/write-table-file';
import { consentInForce } from '~/lib/server/services/people/consents';

export interface ReportColumn {
  /** `reports.column.<key>` in src/i18n. */
  key: string;
  kind: ColumnKind;
}

type Raw = Record<string, unknown>;

export interface ReportDefinition {
  columns: readonly ReportColumn[];
  /** How many rows the report has for the memberships matching `members` (a condition over `m`). */
  countSql(members: SQL): SQL;
  /** The rows for the memberships matching `members`, in the report's order. */
  pageSql(members: SQL): SQL;
  toRow(raw: Raw, t: Translate): TableCell[];
}

/** A report's columns from their keys and kinds, in the order written. */
const columnsOf = (kinds: Readonly<Record<string, ColumnKind>>): ReportColumn[] => Object.entries(kinds).map(([key, kind]) => ({ key, kind }));

const STUDENT_COLUMNS = columnsOf({ cohort: 'text', lastName: 'text', firstName: 'text', email: 'text' });

/** The person columns every report starts with (selected as cohort, last_name, first_name, email). */
const PERSON_SELECT = sql.raw('c.name as cohort, u.last_name, u.first_name, u.email');
const PERSON_JOIN = sql.raw('join users u on u.id = m.user_id join cohorts c on c.id = m.cohort_id');
const personCells = (raw: Raw): TableCell[] => [raw.cohort as string, raw.last_name as string, raw.first_name as string, raw.email as string];

/**
 * A report: the person columns, then its own (keys and kinds, in order), and
 * its SQL; each row starts with the person's cells, then `toRow`'s.
 */
function defineReport(own: Readonly<Record<string, ColumnKind>>, report: Omit<ReportDefinition, 'columns'>): ReportDefinition {
  return { ...report, columns: [...STUDENT_COLUMNS, ...columnsOf(own)], toRow: (raw, t) => [...personCells(raw), ...report.toRow(raw, t)] };
}

/** A timestamp as the driver gives it (Date, or text on some drivers). */
export const dateOf = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));
const numberOf = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const textOf = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));
/** A code shown with its label (`person.genre.female` → "Femenino"); an unknown code as it is. */
const labelOf = (t: Translate, prefix: string, value: unknown): string | null => {
  const code = textOf(value);
  if (code === null) return null;
  const label = t(`${prefix}.${code}`);
  return label === `${prefix}.${code}` ? code : label;
};
const percentOf = (part: number, total: number) => (total === 0 ? 0 : Math.floor((part * 100) / total));
const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
/** "Sí" / "No" (in the report's language). */
const yesNo = (t: Translate, value: unknown) => t(value ? 'reports.value.yes' : 'reports.value.no');
/** An activity's type as its label (`practical` → "Actividad práctica"). */
const activityTypeOf = (t: Translate, raw: Raw) => t(`reports.value.activityType.${String(raw.activity_type)}`);

/** A course's lessons that count (ACTIVE and published), per course: what a student's progress is measured against. */
export const PUBLISHED_LESSONS = sql.raw(`select l.course_id, count(*)::int as total from lessons l where l.status = 'ACTIVE' and l.published_at <= now() group by l.course_id`);

/**
 * Each student's completed lessons and last activity per course, for the
 * students of the memberships in `page` (a CTE with `user_id`): one grouped
 * pass over their history, joined on (user_id, course_id).
 */
export const courseHistoryOf = (page: SQL) => sql`select lh.user_id, l.course_id,
    count(*) filter (where lh.completed_at is not null and l.status = 'ACTIVE' and l.published_at <= now())::int as completed,
    max(greatest(lh.started_at, lh.completed_at, lh.updated_at)) as last_activity
  from lesson_history lh join lessons l on l.id = lh.lesson_id where lh.user_id in (select user_id from ${page}) group by lh.user_id, l.course_id`;

/** Every published quiz and assignment (the activities graded per student). */
export const ACTIVITIES = sql.raw(`select 'quiz' as kind, q.id, q.course_id, q.title, q.activity_type, null::double precision as max_score, q.closes_at as due_at from quizzes q where q.published
  union all
  select 'assignment', a.id, a.course_id, a.title, a.activity_type, a.max_score, a.due_at from assignments a where a.published`);

const progress = defineReport(
  { course: 'text', lessonsTotal: 'integer', lessonsCompleted: 'integer', progressPercent: 'integer', lastActivity: 'datetime' },
  {
    countSql: (members) => sql`select count(*)::int as n from memberships m
      join cohort_courses cc on cc.cohort_id = m.cohort_id join courses co on co.id = cc.course_id and co.status = 'ACTIVE' where ${members}`,
    pageSql: (members) => sql`with page as (select m.id, m.user_id, m.cohort_id from memberships m where ${members}),
        cl as (${PUBLISHED_LESSONS}), h as (${courseHistoryOf(sql.raw('page'))})
      select ${PERSON_SELECT}, co.name as course, coalesce(cl.total, 0) as total, coalesce(h.completed, 0) as completed, h.last_activity
      from page m ${PERSON_JOIN}
      join cohort_courses cc on cc.cohort_id = m.cohort_id join courses co on co.id = cc.course_id and co.status = 'ACTIVE'
      left join cl on cl.course_id = co.id
      left join h on h.user_id = m.user_id and h.course_id = co.id
      order by m.id, co.position, co.id`,
    toRow: (raw) => {
      const total = Number(raw.total);
      const completed = Math.min(Number(raw.completed), total);
      return [raw.course as string, total, completed, percentOf(completed, total), dateOf(raw.last_activity)];
    },
  },
);

const grades = defineReport(
  {
    course: 'text', activityKind: 'text', activity: 'text', activityType: 'text', state: 'text', score: 'decimal', maxScore: 'decimal',
    percent: 'decimal', date: 'datetime',
  },
  {
    countSql: (members) => sql`with acts as (${ACTIVITIES}) select count(*)::int as n from memberships m
      join cohort_courses cc on cc.cohort_id = m.cohort_id join acts on acts.course_id = cc.course_id where ${members}`,
    pageSql: (members) => sql`with acts as (${ACTIVITIES})
      select ${PERSON_SELECT}, co.name as course, acts.kind, acts.title, acts.activity_type, acts.max_score as assignment_max,
        qa.score as quiz_score, qa.max_score as quiz_max, qa.percent as quiz_percent, qa.pending_manual_grading, qa.completed_at,
        s.score as assignment_score, s.penalty_percent, s.submitted_at, s.graded_at
      from memberships m ${PERSON_JOIN}
      join cohort_courses cc on cc.cohort_id = m.cohort_id join courses co on co.id = cc.course_id
      join acts on acts.course_id = co.id
      left join lateral (select qa.score, qa.max_score, qa.percent, qa.pending_manual_grading, qa.completed_at from quiz_attempts qa
        where acts.kind = 'quiz' and qa.quiz_id = acts.id and qa.user_id = m.user_id and qa.status = 'completed'
        order by qa.percent desc nulls last, qa.id desc limit 1) qa on true
      left join lateral (select s.score, s.penalty_percent, s.submitted_at, s.graded_at from submissions s
        where acts.kind = 'assignment' and s.assignment_id = acts.id and s.user_id = m.user_id order by s.number desc limit 1) s on true
      where ${members} order by m.id, co.position, co.id, acts.kind desc, acts.id`,
    toRow: (raw, t) => {
      const isQuiz = raw.kind === 'quiz';
      let state: string;
      let score: number | null = null;
      let max: number | null = null;
      let percent: number | null = null;
      let date: Date | null = null;
      if (isQuiz) {
        date = dateOf(raw.completed_at);
        state = date === null ? 'missing' : raw.pending_manual_grading ? 'pending' : 'graded';
        if (state === 'graded') [score, max, percent] = [numberOf(raw.quiz_score), numberOf(raw.quiz_max), numberOf(raw.quiz_percent)];
      } else {
        date = dateOf(raw.submitted_at);
        const raw_score = numberOf(raw.assignment_score);
        state = date === null ? 'missing' : raw_score === null ? 'pending' : 'graded';
        if (raw_score !== null) {
          score = Math.round(raw_score * (100 - Number(raw.penalty_percent))) / 100;
          max = numberOf(raw.assignment_max);
          percent = max ? (score * 100) / max : null;
        }
      }
      return [
                raw.course as string,
        t(`reports.value.kind.${isQuiz ? 'quiz' : 'assignment'}`),
        raw.title as string,
        activityTypeOf(t, raw),
        t(`reports.value.state.${state}`),
        round2(score),
        round2(max),
        round2(percent),
        date,
      ];
    },
  },
);

const quizResults = defineReport(
  {
    course: 'text', quiz: 'text', activityType: 'text', attempt: 'integer', state: 'text', startedAt: 'datetime',
    completedAt: 'datetime', score: 'decimal', maxScore: 'decimal', percent: 'decimal', passed: 'text',
  },
  {
    countSql: (members) => sql`select count(*)::int as n from memberships m
      join quiz_attempts qa on qa.user_id = m.user_id join quizzes q on q.id = qa.quiz_id
      join cohort_courses cc on cc.cohort_id = m.cohort_id and cc.course_id = q.course_id where ${members}`,
    pageSql: (members) => sql`select ${PERSON_SELECT}, co.name as course, q.title, q.activity_type, qa.number, qa.status, qa.pending_manual_grading,
        qa.started_at, qa.completed_at, qa.score, qa.max_score, qa.percent, qa.passed
      from memberships m ${PERSON_JOIN}
      join quiz_attempts qa on qa.user_id = m.user_id join quizzes q on q.id = qa.quiz_id
      join cohort_courses cc on cc.cohort_id = m.cohort_id and cc.course_id = q.course_id join courses co on co.id = q.course_id
      where ${members} order by m.id, qa.id`,
    toRow: (raw, t) => {
      const state = raw.status === 'in_progress' ? 'inProgress' : raw.pending_manual_grading ? 'pending' : 'graded';
      const graded = state === 'graded';
      return [
                raw.course as string,
        raw.title as string,
        activityTypeOf(t, raw),
        Number(raw.number),
        t(`reports.value.state.${state}`),
        dateOf(raw.started_at),
        dateOf(raw.completed_at),
        graded ? round2(numberOf(raw.score)) : null,
        graded ? round2(numberOf(raw.max_score)) : null,
        graded ? round2(numberOf(raw.percent)) : null,
        graded && raw.passed !== null ? yesNo(t, raw.passed) : null,
      ];
    },
  },
);

const submissionsReport = defineReport(
  {
    course: 'text', assignment: 'text', activityType: 'text', submission: 'integer', submittedAt: 'datetime', dueAt: 'datetime',
    onTime: 'text', lateDays: 'integer', penaltyPercent: 'decimal', score: 'decimal', finalScore: 'decimal', maxScore: 'decimal',
    gradedAt: 'datetime',
  },
  {
    countSql: (members) => sql`select count(*)::int as n from memberships m
      join submissions s on s.user_id = m.user_id join assignments a on a.id = s.assignment_id
      join cohort_courses cc on cc.cohort_id = m.cohort_id and cc.course_id = a.course_id where ${members}`,
    pageSql: (members) => sql`select ${PERSON_SELECT}, co.name as course, a.title, a.activity_type, a.max_score, s.number, s.submitted_at, s.due_at, s.status,
        s.late_days, s.penalty_percent, s.score, s.graded_at
      from memberships m ${PERSON_JOIN}
      join submissions s on s.user_id = m.user_id join assignments a on a.id = s.assignment_id
      join cohort_courses cc on cc.cohort_id = m.cohort_id and cc.course_id = a.course_id join courses co on co.id = a.course_id
      where ${members} order by m.id, s.id`,
    toRow: (raw, t) => {
      const score = numberOf(raw.score);
      const penalty = Number(raw.penalty_percent);
      return [
                raw.course as string,
        raw.title as string,
        activityTypeOf(t, raw),
        Number(raw.number),
        dateOf(raw.submitted_at),
        dateOf(raw.due_at),
        yesNo(t, raw.status !== 'late'),
        Number(raw.late_days),
        round2(penalty),
        round2(score),
        score === null ? null : Math.round(score * (100 - penalty)) / 100,
        round2(numberOf(raw.max_score)),
        dateOf(raw.graded_at),
      ];
    },
  },
);

const attendance = defineReport(
  {
    session: 'text', startsAt: 'datetime', attended: 'text', status: 'text', minutes: 'integer', hours: 'decimal', firstJoinedAt: 'datetime', joins: 'integer',
  },
  {
    countSql: (members) => sql`select count(*)::int as n from memberships m
      join live_sessions ls on ls.cohort_id = m.cohort_id and ls.starts_at <= now() where ${members}`,
    // Attended is present or late (ADR 029); hours are the session's planned hours, else its length, when attended.
    pageSql: (members) => sql`select ${PERSON_SELECT}, ls.class_name, ls.starts_at, la.first_joined_at, coalesce(la.joins, 0) as joins, la.status, la.minutes,
        case when la.status in ('present', 'late') then coalesce(ls.planned_hours, extract(epoch from ls.ends_at - ls.starts_at) / 3600) else 0 end as hours
      from memberships m ${PERSON_JOIN}
      join live_sessions ls on ls.cohort_id = m.cohort_id and ls.starts_at <= now()
      left join live_attendance la on la.session_id = ls.id and la.user_id = m.user_id
      where ${members} order by m.id, ls.starts_at, ls.id`,
    toRow: (raw, t) => [
      raw.class_name as string,
      dateOf(raw.starts_at),
      yesNo(t, raw.status === 'present' || raw.status === 'late' ? raw.status : null),
      t(`attendance.status.${textOf(raw.status) ?? 'none'}`),
      numberOf(raw.minutes),
      round2(Number(raw.hours)),
      dateOf(raw.first_joined_at),
      Number(raw.joins),
    ],
  },
);

const usersReport = defineReport(
  {
    accountStatus: 'text', registeredAt: 'datetime', termsAcceptedAt: 'datetime', documentType: 'text', documentNumber: 'text',
    contact: 'text', genre: 'text', department: 'text', municipality: 'text', neighborhood: 'text', address: 'text',
    stratum: 'integer', housingType: 'text', childrenCount: 'integer', householdSize: 'integer', dependentsCount: 'integer',
    populationGroup: 'text', englishLevel: 'text', transportMode: 'text', employmentType: 'text', worksInIndustry: 'text',
    role: 'text',
  },
  {
    countSql: (members) => sql`select count(*)::int as n from memberships m where ${members}`,
    // The population group is sensitive (ADR 030): printed only while its consent is in force.
    pageSql: (members) => sql`select ${PERSON_SELECT}, u.id as subject_id, u.status, u.created_at, u.terms_accepted_at, p.*, ${consentInForce(sql`u.id`, 'sensitive_data')} as sensitive_data_consent
      from memberships m ${PERSON_JOIN} left join profiles p on p.user_id = u.id
      where ${members} order by m.id`,
    toRow: (raw, t) => {
      const place = raw.municipality ? findMunicipality(String(raw.municipality)) : null;
      return [
                t(raw.status === 'ACTIVE' ? 'reports.value.active' : 'reports.value.inactive'),
        dateOf(raw.created_at),
        dateOf(raw.terms_accepted_at),
        labelOf(t, 'person.documentType', raw.document_type),
        textOf(raw.document_number),
        textOf(raw.contact),
        labelOf(t, 'person.genre', raw.genre),
        place?.department.name ?? null,
        place?.municipality.name ?? textOf(raw.municipality),
        textOf(raw.neighborhood),
        textOf(raw.address),
        numberOf(raw.stratum),
        labelOf(t, 'person.housingType', raw.housing_type),
        numberOf(raw.children_count),
        numberOf(raw.household_size),
        numberOf(raw.dependents_count),
        raw.sensitive_data_consent ? labelOf(t, 'person.populationGroup', raw.population_group) : null,
        labelOf(t, 'person.englishLevel', raw.english_level),
        labelOf(t, 'person.transportMode', raw.transport_mode),
        labelOf(t, 'person.employmentType', raw.employment_type),
        raw.works_in_industry === null || raw.works_in_industry === undefined ? null : yesNo(t, raw.works_in_industry),
        textOf(raw.role),
      ];
    },
  },
);

export const REPORT_DEFINITIONS: Readonly<Record<ReportType, ReportDefinition>> = {
  progress,
  grades,
  quiz_results: quizResults,
  submissions: submissionsReport,
  attendance,
  users: usersReport,
};
