/** The person form's values as the inputs hold them (text), to and from the API's shapes, and their problems in the page's language. */
import type { PersonFormBody } from '~/lib/client/api/person';
import { isCalendarDate, isMinorOn, todayInBogota } from '~/lib/shared/age-bands';
import { findMunicipality } from '~/lib/shared/colombia';
import type { FieldProblem } from '~/lib/shared/errors';
import { PersonFormSchema, type PersonProfile } from '~/lib/shared/schemas/person';
import { fieldErrorsOf, translateFieldProblem } from '~/lib/shared/validation';

export const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'confirmEmail',
  'documentType',
  'documentNumber',
  'contact',
  'genre',
  'department',
  'municipality',
  'neighborhood',
  'address',
  'stratum',
  'housingType',
  'childrenCount',
  'householdSize',
  'dependentsCount',
  'populationGroup',
  'englishLevel',
  'transportMode',
  'emergencyContact.name',
  'emergencyContact.phone',
  'emergencyContact.relationship',
  'employmentType',
  'worksInIndustry',
  'role',
  'birthDate',
  'guardian.name',
  'guardian.documentType',
  'guardian.documentNumber',
  /** 'true' once the guardian ticks their authorisation. */
  'guardian.consent',
  /** 'true' (authorised), 'false' (declined) or '' (not chosen yet): an explicit choice either way. */
  'sensitiveDataConsent',
] as const;
export type PersonField = (typeof TEXT_FIELDS)[number];
export type PersonValues = Record<PersonField, string>;

const text = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The inputs' values for a saved profile (empty where unknown; the e-mail confirmed as it is). */
export function valuesOf(profile: PersonProfile): PersonValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    confirmEmail: profile.email,
    documentType: text(profile.documentType),
    documentNumber: text(profile.documentNumber),
    contact: text(profile.contact),
    genre: text(profile.genre),
    department: text(profile.department ?? (profile.municipality ? findMunicipality(profile.municipality)?.department.code : null)),
    municipality: text(profile.municipality),
    neighborhood: text(profile.neighborhood),
    address: text(profile.address),
    stratum: text(profile.stratum),
    housingType: text(profile.housingType),
    childrenCount: text(profile.childrenCount),
    householdSize: text(profile.householdSize),
    dependentsCount: text(profile.dependentsCount),
    populationGroup: text(profile.populationGroup),
    englishLevel: text(profile.englishLevel),
    transportMode: text(profile.transportMode),
    'emergencyContact.name': text(profile.emergencyContact.name),
    'emergencyContact.phone': text(profile.emergencyContact.phone),
    'emergencyContact.relationship': text(profile.emergencyContact.relationship),
    employmentType: text(profile.employmentType),
    worksInIndustry: text(profile.worksInIndustry),
    role: text(profile.role),
    birthDate: text(profile.birthDate),
    'guardian.name': text(profile.guardian?.name),
    'guardian.documentType': text(profile.guardian?.documentType),
    'guardian.documentNumber': text(profile.guardian?.documentNumber),
    'guardian.consent': profile.guardian?.consentedAt ? 'true' : '',
    // Not in force reads as not chosen: a person who declined says so again, explicitly, each time they save.
    sensitiveDataConsent: profile.sensitiveDataConsent ? 'true' : '',
  };
}

/** Whether the birth date typed makes the person a minor today (the guardian's fields are then asked). */
export const isMinorValue = (birthDate: string): boolean => isCalendarDate(birthDate) && isMinorOn(birthDate, todayInBogota());

/** The body the API takes: required fields as typed (empty ones say so), optional ones left out when empty. */
export function formOf(values: PersonValues): Record<string, unknown> {
  const { department: _department, worksInIndustry, employmentType, role, sensitiveDataConsent, populationGroup, ...rest } = values;
  const form: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(rest)) {
    if (!name.startsWith('emergencyContact.') && !name.startsWith('guardian.')) form[name] = value;
  }
  form.emergencyContact = { name: values['emergencyContact.name'], phone: values['emergencyContact.phone'], relationship: values['emergencyContact.relationship'] };
  if (isMinorValue(values.birthDate)) {
    form.guardian = { name: values['guardian.name'], documentType: values['guardian.documentType'], documentNumber: values['guardian.documentNumber'], consent: values['guardian.consent'] === 'true' };
  }
  if (sensitiveDataConsent) form.sensitiveDataConsent = sensitiveDataConsent === 'true';
  // The sensitive fields are sent only under their consent (ADR 030).
  if (sensitiveDataConsent === 'true') form.populationGroup = populationGroup;
  if (employmentType) form.employmentType = employmentType;
  if (role.trim()) form.role = role;
  if (worksInIndustry) form.worksInIndustry = worksInIndustry === 'true';
  return form;
}

/** What passes the person form's schema is what the API takes: the server validates with the same one. */
const isPersonForm = (form: unknown): form is PersonFormBody => PersonFormSchema.safeParse(form).success;

/** The form as the API takes it, once it passes the rules the server applies; null while a field is wrong. */
export function checkedFormOf(values: PersonValues): PersonFormBody | null {
  const form = formOf(values);
  return isPersonForm(form) ? form : null;
}

/** The lists whose "nothing chosen" reads as the contract's invalid-value message. */
const SELECT_MESSAGES: Partial<Record<PersonField, string>> = {
  genre: 'validation.gender.invalid',
  housingType: 'validation.housingType.invalid',
  stratum: 'validation.stratum.invalid',
  documentType: 'validation.documentType.invalid',
  municipality: 'validation.municipality.invalid',
};

/** Every field's problem (an i18n key and its parameters), by the same rules the server applies. */
export function problemsOf(values: PersonValues): Partial<Record<PersonField, FieldProblem>> {
  const result = PersonFormSchema.safeParse(formOf(values));
  const problems: Partial<Record<PersonField, FieldProblem>> = result.success ? {} : (fieldErrorsOf(result.error.issues) as Partial<Record<PersonField, FieldProblem>>);
  // An empty list says what to do with it, in the contract's words ('Seleccione un género').
  for (const [field, key] of Object.entries(SELECT_MESSAGES) as [PersonField, string][]) {
    const problem = problems[field];
    if (problem && (typeof problem === 'string' ? problem : problem.key).startsWith('validation.required.')) problems[field] = key;
  }
  // Without a department there is nothing to choose a municipality from: say so on the department too.
  if (!values.department && problems.municipality) problems.department = problems.municipality;
  return problems;
}

export const messageOf = (problem: FieldProblem | undefined, t: (key: string, params?: Record<string, unknown>) => string) => (problem ? translateFieldProblem(problem, t) : null);
