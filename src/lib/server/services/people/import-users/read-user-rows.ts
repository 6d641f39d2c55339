/** Reading a users spreadsheet's rows into accounts and profiles, each cell checked by the person form's own rules. */
import { z } from 'zod';
import { resolveMunicipality } from '~/lib/shared/colombia';
import type { Language, RecordStatus, RoleId, UserType } from '~/lib/shared/constants';
import type { FieldErrors } from '~/lib/shared/errors';
import { AccountFieldsSchema, PartialProfileSchema, type PartialProfile } from '~/lib/shared/schemas/person';
import { describeIssue } from '~/lib/shared/validation';
import type { SheetRow } from '~/lib/server/spreadsheets/read-sheet-rows';
import { yieldToEventLoop } from '~/lib/server/workers/yield-to-event-loop';
import { listReaders, type UserColumn } from './user-columns';

export interface UserRowInput {
  rowNumber: number;
  email: string;
  firstName?: string;
  lastName?: string;
  userType?: UserType;
  language?: Language;
  status?: RecordStatus;
  /** The consent to funder reports the organisation recorded (ADR 030): granted, withdrawn, or not said. */
  funderReportsConsent?: boolean;
  /** The cohort as written (an id or a name), resolved against the database later. */
  cohort?: string;
  roleId?: RoleId;
  profile: PartialProfile;
}

/** The profile field each column fills, by its path in PartialProfileSchema. */
const PROFILE_COLUMNS: Partial<Record<UserColumn, readonly string[]>> = {
  documentType: ['documentType'],
  documentNumber: ['documentNumber'],
  contact: ['contact'],
  genre: ['genre'],
  municipality: ['municipality'],
  neighborhood: ['neighborhood'],
  address: ['address'],
  stratum: ['stratum'],
  housingType: ['housingType'],
  childrenCount: ['childrenCount'],
  householdSize: ['householdSize'],
  dependentsCount: ['dependentsCount'],
  populationGroup: ['populationGroup'],
  englishLevel: ['englishLevel'],
  transportMode: ['transportMode'],
  emergencyName: ['emergencyContact', 'name'],
  emergencyPhone: ['emergencyContact', 'phone'],
  emergencyRelationship: ['emergencyContact', 'relationship'],
  employmentType: ['employmentType'],
  worksInIndustry: ['worksInIndustry'],
  jobRole: ['role'],
  birthDate: ['birthDate'],
  guardianName: ['guardian', 'name'],
  guardianDocumentType: ['guardian', 'documentType'],
  guardianDocumentNumber: ['guardian', 'documentNumber'],
  guardianConsent: ['guardian', 'consent'],
  sensitiveDataConsent: ['sensitiveDataConsent'],
};
/** Columns read as yes or no. */
const YES_NO_COLUMNS: readonly UserColumn[] = ['worksInIndustry', 'guardianConsent', 'sensitiveDataConsent'];
/** Days since 1899-12-30: a date cell Excel gives as its serial number. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

/** A birth date as spreadsheets hold it: 1998-04-12, 12/04/1998 (day first, as in Colombia) or an Excel serial day; anything else is left for the schema to refuse. */
function readDate(text: string): string {
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  if (/^\d{4,5}$/.test(text)) return new Date(EXCEL_EPOCH_MS + Number(text) * DAY_MS).toISOString().slice(0, 10);
  return text.slice(0, 10);
}
const columnOfPath = new Map(Object.entries(PROFILE_COLUMNS).map(([column, path]) => [path.join('.'), column as UserColumn]));

const EmailSchema = z.email();
const YIELD_EVERY_ROWS = 500;

/**
 * Checks every row on its own (the e-mail, names, account fields, cohort
 * role, and the profile by the person form's rules); problems go to `fields`
 * as `rows.<row>.<column>`, and only rows without any come back.
 */
export async function readUserRows(rows: readonly SheetRow[], columns: Partial<Record<UserColumn, number>>, fields: FieldErrors): Promise<UserRowInput[]> {
  const readers = listReaders();
  const seenEmails = new Set<string>();
  const parsed: UserRowInput[] = [];
  for (const [index, row] of rows.entries()) {
    // Thousands of rows take a while: other requests are served in between.
    if (index > 0 && index % YIELD_EVERY_ROWS === 0) await yieldToEventLoop();
    const cell = (column: UserColumn) => (columns[column] === undefined ? '' : (row.cells[columns[column]] ?? '').trim());
    const problems: FieldErrors = {};
    const fail = (column: string, problem: FieldErrors[string]) => (problems[column] ??= problem);

    const email = cell('email').toLowerCase();
    if (!email) fail('email', 'validation.required.email');
    else if (!EmailSchema.safeParse(email).success) fail('email', 'validation.email.invalid');
    else if (seenEmails.has(email)) fail('email', 'validation.bulk.duplicate_email');
    seenEmails.add(email);

    const input: UserRowInput = { rowNumber: row.rowNumber, email, profile: {} };
    for (const name of ['firstName', 'lastName'] as const) {
      const value = cell(name);
      if (!value) continue;
      const result = AccountFieldsSchema.shape[name].safeParse(value);
      if (result.success) input[name] = result.data;
      else fail(name, describeIssue(result.error.issues[0]!));
    }
    const listed = <T>(column: 'userType' | 'language' | 'status' | 'role', invalidKey: string, assign: (value: string) => T) => {
      const text = cell(column);
      if (!text) return undefined;
      const value = readers[column](text);
      if (value === undefined) fail(column, invalidKey);
      return value === undefined ? undefined : assign(value);
    };
    input.userType = listed('userType', 'validation.userType.invalid', (value) => value as UserType);
    input.language = listed('language', 'validation.language.invalid', (value) => value as Language);
    input.status = listed('status', 'validation.status.invalid', (value) => value as RecordStatus);
    input.roleId = listed('role', 'validation.bulk.role', (value) => Number(value) as RoleId);
    if (cell('funderReportsConsent')) {
      const answer = readers.yesNo(cell('funderReportsConsent'));
      if (answer === undefined) fail('funderReportsConsent', 'validation.invalid_value');
      else input.funderReportsConsent = answer === 'true';
    }
    if (cell('cohort')) input.cohort = cell('cohort');
    else if (cell('role')) fail('role', 'validation.bulk.role_without_cohort');

    // The profile: list labels become codes, a municipality its DANE code; the schema then checks everything.
    const raw: Record<string, unknown> = {};
    for (const [column, path] of Object.entries(PROFILE_COLUMNS) as [UserColumn, readonly string[]][]) {
      const text = cell(column);
      if (!text) continue;
      let value: unknown = text;
      if (column === 'municipality') value = resolveMunicipality(text, cell('department'))?.code ?? text;
      else if (YES_NO_COLUMNS.includes(column)) value = readers.yesNo(text) === undefined ? text : readers.yesNo(text) === 'true';
      else if (column === 'birthDate') value = readDate(text);
      else if (column === 'guardianDocumentType') value = readers.documentType(text) ?? text;
      else if (column in readers) value = readers[column as keyof typeof readers](text) ?? text;
      if (path.length === 2) raw[path[0]!] = { ...(raw[path[0]!] as object), [path[1]!]: value };
      else raw[path[0]!] = value;
    }
    const profile = PartialProfileSchema.safeParse(raw);
    if (profile.success) input.profile = profile.data;
    else for (const issue of profile.error.issues) fail(columnOfPath.get(issue.path.join('.')) ?? String(issue.path[0]), describeIssue(issue));

    const entries = Object.entries(problems);
    for (const [column, problem] of entries) fields[`rows.${row.rowNumber}.${column}`] = problem;
    if (entries.length === 0) parsed.push(input);
  }
  return parsed;
}
