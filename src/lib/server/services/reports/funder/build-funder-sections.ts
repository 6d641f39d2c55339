/**
 * The funder report's figures as tables (ADR 031), from the enrolments read
 * at the cut-off: the funnel, hours and rates over everyone; breakdowns of
 * the people who authorised reports to funders (small cells suppressed); the
 * annex of those people. The same input gives the same tables, in a fixed
 * order, so the files written from them are the same byte for byte.
 */
import type { Translate } from '~/i18n';
import { AGE_BANDS, ageBandOn } from '~/lib/shared/age-bands';
import { DEPARTMENTS, findMunicipality, GENRES, POPULATION_GROUPS, STRATA } from '~/lib/shared/colombia';
import { WITHDRAWAL_REASONS, type WithdrawalReason } from '~/lib/shared/schemas/withdrawals';
import type { FunderStudent } from './read-funder-students';
import { suppressedRateOf, suppressSmallCounts, type SuppressedCount } from './suppress-small-counts';

export type FunderCell = string | number | null;
/** What a column holds: text, a count (or "<5"), or a decimal (hours, rates). */
export type FunderColumnKind = 'text' | 'integer' | 'decimal';

export interface FunderSection {
  /** The sheet it is written to in the XLSX (sections of one sheet follow each other). */
  sheet: string;
  title: string;
  header: string[];
  kinds: FunderColumnKind[];
  rows: FunderCell[][];
}

export interface FunderTotals {
  signedUp: number;
  enrolled: number;
  active: number;
  approved: number;
  certified: number;
  withdrawn: number;
  plannedHours: number;
  attendedHours: number;
  /** Approved over enrolled, a percentage to one decimal; null with nobody enrolled. */
  approvalRate: number | null;
}

export interface FunderInput {
  cutoff: string;
  cohortNames: string[];
  students: FunderStudent[];
  signedUp: number;
  /** `cohortId:userId` of the students approved (now). */
  approved: ReadonlySet<string>;
  /** Each enrolment's attended hours by membership id. */
  attendedHoursOf: ReadonlyMap<number, number>;
  plannedHours: number;
  withdrawalsByReason: ReadonlyMap<WithdrawalReason, number>;
}

const MEASURES = ['enrolled', 'active', 'approved', 'certified', 'withdrawn'] as const;
type Measure = (typeof MEASURES)[number];
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A code's label (`person.genre.female` → "Femenino"); an unknown code as it is. */
function labelOf(t: Translate, prefix: string, code: string): string {
  const label = t(`${prefix}.${code}`);
  return label === `${prefix}.${code}` ? code : label;
}

/** Which measures an enrolment counts in. */
function measuresOf(student: FunderStudent, approved: ReadonlySet<string>): Record<Measure, boolean> {
  return {
    enrolled: true,
    active: student.isActive,
    approved: approved.has(`${student.cohortId}:${student.userId}`),
    certified: student.certificateCode !== null,
    withdrawn: student.isWithdrawn,
  };
}

/** A breakdown dimension: the group of a consenting person (null: not known), the known groups in order, and each group's label. */
interface Dimension {
  key: string;
  /** Whether a person may be counted in it (funder consent, and the sensitive-data one for the population group). */
  isCounted(student: FunderStudent): boolean;
  groupOf(student: FunderStudent): string | null;
  /** The groups always listed, in order; others found are listed after them by code. */
  fixedGroups: readonly string[];
  label(t: Translate, group: string): string;
  unknownLabel: string;
  noConsentLabel: string;
}

const placeOf = (student: FunderStudent) => (student.municipality ? findMunicipality(student.municipality) : null);

function dimensionsOf(cutoff: string): Dimension[] {
  const funder = (student: FunderStudent) => student.hasFunderConsent;
  const common = { isCounted: funder, unknownLabel: 'reports.funder.group.unknown', noConsentLabel: 'reports.funder.group.noConsent' };
  return [
    { ...common, key: 'ageBand', groupOf: (s) => ageBandOn(s.birthDate, cutoff), fixedGroups: AGE_BANDS, label: (t, g) => t(`ageBand.${g}`), unknownLabel: 'ageBand.unknown' },
    { ...common, key: 'genre', groupOf: (s) => s.genre, fixedGroups: GENRES, label: (t, g) => labelOf(t, 'person.genre', g) },
    { ...common, key: 'stratum', groupOf: (s) => (s.stratum === null ? null : String(s.stratum)), fixedGroups: STRATA, label: (t, g) => t('reports.funder.group.stratum', { stratum: g }) },
    {
      ...common,
      key: 'department',
      groupOf: (s) => placeOf(s)?.department.code ?? null,
      fixedGroups: [],
      label: (_t, g) => `${DEPARTMENTS.find((department) => department.code === g)?.name ?? g} (${g})`,
    },
    {
      ...common,
      key: 'municipality',
      groupOf: (s) => placeOf(s)?.municipality.code ?? s.municipality,
      fixedGroups: [],
      label: (_t, g) => {
        const place = findMunicipality(g);
        return place ? `${place.municipality.name}, ${place.department.name} (${g})` : g;
      },
    },
    {
      ...common,
      key: 'populationGroup',
      isCounted: (s) => s.hasFunderConsent && s.hasSensitiveConsent,
      groupOf: (s) => s.populationGroup,
      fixedGroups: POPULATION_GROUPS,
      label: (t, g) => labelOf(t, 'person.populationGroup', g),
      noConsentLabel: 'reports.funder.group.noSensitiveConsent',
    },
  ];
}

/** One breakdown: a row per group, "unknown", "without authorisation" and the total; each count column suppressed on its own. */
function breakdownOf(t: Translate, dimension: Dimension, students: readonly FunderStudent[], approved: ReadonlySet<string>): FunderSection {
  const groups = new Map<string, Record<Measure, number>>();
  const zero = (): Record<Measure, number> => ({ enrolled: 0, active: 0, approved: 0, certified: 0, withdrawn: 0 });
  for (const group of dimension.fixedGroups) groups.set(group, zero());
  const unknown = zero();
  const noConsent = zero();
  const total = zero();
  for (const student of students) {
    const counts = measuresOf(student, approved);
    let target: Record<Measure, number>;
    if (!dimension.isCounted(student)) target = noConsent;
    else {
      const group = dimension.groupOf(student);
      if (group === null) target = unknown;
      else {
        if (!groups.has(group)) groups.set(group, zero());
        target = groups.get(group)!;
      }
    }
    for (const measure of MEASURES) {
      if (!counts[measure]) continue;
      target[measure] += 1;
      total[measure] += 1;
    }
  }
  const fixed = new Set(dimension.fixedGroups);
  const extra = [...groups.keys()].filter((group) => !fixed.has(group)).sort();
  const ordered = [...dimension.fixedGroups, ...extra];
  const lines: [string, Record<Measure, number>][] = [
    ...ordered.map((group) => [dimension.label(t, group), groups.get(group)!] as [string, Record<Measure, number>]),
    [t(dimension.unknownLabel), unknown],
    [t(dimension.noConsentLabel), noConsent],
  ];
  const columns = MEASURES.map((measure) => suppressSmallCounts(lines.map(([, counts]) => counts[measure])));
  const rows: FunderCell[][] = lines.map(([label], index) => {
    const cells = columns.map((column) => column[index]!);
    return [label, ...cells, suppressedRateOf(cells[2]!, cells[0]!)];
  });
  rows.push([t('reports.funder.total'), ...MEASURES.map((measure) => total[measure]), suppressedRateOf(total.approved, total.enrolled)]);
  const title = t(`reports.funder.dimension.${dimension.key}`);
  return {
    sheet: title,
    title,
    header: [t('reports.funder.column.group'), ...MEASURES.map((measure) => t(`reports.funder.measure.${measure}`)), t('reports.funder.measure.approvalRate')],
    kinds: ['text', 'integer', 'integer', 'integer', 'integer', 'integer', 'decimal'],
    rows,
  };
}

/** Where an enrolment is in the funnel at the cut-off (the furthest stage). */
function statusOf(student: FunderStudent, approved: ReadonlySet<string>): string {
  const counts = measuresOf(student, approved);
  if (counts.withdrawn) return 'withdrawn';
  if (counts.certified) return 'certified';
  if (counts.approved) return 'approved';
  if (counts.active) return 'active';
  return 'enrolled';
}

/** The figures over everyone (never suppressed: totals include everyone). */
export function totalsOf(input: FunderInput): FunderTotals {
  const totals = { enrolled: 0, active: 0, approved: 0, certified: 0, withdrawn: 0 };
  for (const student of input.students) {
    const counts = measuresOf(student, input.approved);
    for (const measure of MEASURES) if (counts[measure]) totals[measure] += 1;
  }
  let attended = 0;
  for (const hours of input.attendedHoursOf.values()) attended += hours;
  return {
    signedUp: input.signedUp,
    ...totals,
    plannedHours: round2(input.plannedHours),
    attendedHours: round2(attended),
    approvalRate: totals.enrolled === 0 ? null : Math.round((totals.approved * 1000) / totals.enrolled) / 10,
  };
}

/** The report's tables, in their fixed order: summary (scope, funnel, hours and rate, withdrawals), breakdowns, annex. */
export function buildFunderSections(input: FunderInput, t: Translate): FunderSection[] {
  const totals = totalsOf(input);
  const summary = t('reports.funder.sheet.summary');
  const share = (count: number) => (totals.enrolled === 0 ? null : Math.round((count * 1000) / totals.enrolled) / 10);
  const reasons = WITHDRAWAL_REASONS.map((reason) => input.withdrawalsByReason.get(reason) ?? 0);
  const suppressedReasons: SuppressedCount[] = suppressSmallCounts(reasons);
  const sections: FunderSection[] = [
    {
      sheet: summary,
      title: t('reports.funder.title'),
      header: [t('reports.funder.column.field'), t('reports.funder.column.value')],
      kinds: ['text', 'text'],
      rows: [
        [t('reports.funder.cutoff'), input.cutoff],
        [t('reports.funder.cohorts'), input.cohortNames.join(', ')],
      ],
    },
    {
      sheet: summary,
      title: t('reports.funder.section.funnel'),
      header: [t('reports.funder.column.stage'), t('reports.funder.column.people'), t('reports.funder.column.shareOfEnrolled')],
      kinds: ['text', 'integer', 'decimal'],
      rows: [
        [t('reports.funder.measure.signedUp'), totals.signedUp, null],
        ...MEASURES.map((measure) => [t(`reports.funder.measure.${measure}`), totals[measure], share(totals[measure])]),
      ],
    },
    {
      sheet: summary,
      title: t('reports.funder.section.hours'),
      header: [t('reports.funder.column.indicator'), t('reports.funder.column.value')],
      kinds: ['text', 'decimal'],
      rows: [
        [t('reports.funder.plannedHours'), totals.plannedHours],
        [t('reports.funder.attendedHours'), totals.attendedHours],
        [t('reports.funder.measure.approvalRate'), totals.approvalRate],
      ],
    },
    {
      sheet: summary,
      title: t('reports.funder.section.withdrawals'),
      header: [t('reports.funder.column.reason'), t('reports.funder.column.people')],
      kinds: ['text', 'integer'],
      rows: [...WITHDRAWAL_REASONS.map((reason, index) => [t(`withdrawal.reason.${reason}`), suppressedReasons[index]!]), [t('reports.funder.total'), totals.withdrawn]],
    },
    ...dimensionsOf(input.cutoff).map((dimension) => breakdownOf(t, dimension, input.students, input.approved)),
  ];
  const annexed = input.students
    .filter((student) => student.hasFunderConsent)
    .sort((a, b) => a.lastName.localeCompare(b.lastName, 'es') || a.firstName.localeCompare(b.firstName, 'es') || a.userId - b.userId || a.cohortId - b.cohortId);
  const annex = t('reports.funder.sheet.annex');
  sections.push({
    sheet: annex,
    title: annex,
    header: ['cohort', 'lastName', 'firstName', 'documentType', 'documentNumber', 'email', 'ageBand', 'genre', 'municipality', 'status', 'attendedHours', 'certificateCode'].map((key) =>
      t(`reports.funder.annex.${key}`),
    ),
    kinds: ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'decimal', 'text'],
    rows: annexed.map((student) => {
      const band = ageBandOn(student.birthDate, input.cutoff);
      const place = placeOf(student);
      return [
        student.cohortName,
        student.lastName,
        student.firstName,
        student.documentType,
        student.documentNumber,
        student.email,
        t(`ageBand.${band ?? 'unknown'}`),
        student.genre === null ? null : labelOf(t, 'person.genre', student.genre),
        place ? `${place.municipality.name}, ${place.department.name}` : student.municipality,
        t(`reports.funder.status.${statusOf(student, input.approved)}`),
        round2(input.attendedHoursOf.get(student.membershipId) ?? 0),
        student.certificateCode,
      ];
    }),
  });
  return sections;
}
