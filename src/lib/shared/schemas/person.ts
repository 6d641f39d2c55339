import { z } from 'zod';
import {
  ALPHANUMERIC_DOCUMENT_TYPES,
  DOCUMENT_TYPES,
  EMPLOYMENT_TYPES,
  ENGLISH_LEVELS,
  findMunicipality,
  GENRES,
  HOUSING_TYPES,
  POPULATION_GROUPS,
  STRATA,
  TRANSPORT_MODES,
  type DocumentType,
} from '~/lib/shared/colombia';
import { isCalendarDate, isMinorOn, todayInBogota } from '~/lib/shared/age-bands';
import { SessionBodySchema, textSchema } from './common';

/**
 * The person form of the product contract (§3, §5). Messages are i18n keys;
 * the response layer (`translateFieldErrors`) and the form island turn them
 * into the caller's language. The same field rules serve the whole form (a
 * person's own profile, an admin's edit) and the partial profile an admin or
 * a spreadsheet import may give when creating an account.
 */
const required = (field: string) => `validation.required.${field}`;
export const PERSON_LIMITS = { nameMin: 2, nameMax: 60, addressMax: 120, textMax: 80, documentMin: 5, documentMax: 15, countMax: 99 } as const;
const PHONE = /^\+?\d{7,15}$/;
const ONLY_DIGITS = /^\d+$/;
const LETTERS_AND_DIGITS = /^[A-Za-z0-9]+$/;

export { DOCUMENT_TYPES, EMPLOYMENT_TYPES, ENGLISH_LEVELS, GENRES, HOUSING_TYPES, POPULATION_GROUPS, STRATA, TRANSPORT_MODES };

const text = (field: string, min = 1, max: number = PERSON_LIMITS.nameMax) =>
  textSchema(required(field))
    .trim()
    .min(1, required(field))
    .min(min, 'validation.length.min')
    .max(max, 'validation.length.max');

/** A value of a list; numbers are accepted as their text (a stratum typed as 3). */
const choice = <T extends readonly [string, ...string[]]>(values: T, requiredField: string, invalidKey?: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ message: required(requiredField) })
      .min(1, required(requiredField))
      .pipe(z.enum(values, { message: invalidKey ?? 'validation.choice.invalid' })),
  );

/** Non-negative whole numbers typed into a text box: 'Este campo solo acepta números'. */
const count = (field: string, min = 0) =>
  z
    .union([z.string(), z.number()], { message: required(field) })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, required(field)).regex(ONLY_DIGITS, 'validation.numeric'))
    .transform(Number)
    .pipe(z.number().min(min, 'validation.number.min').max(PERSON_LIMITS.countMax, 'validation.number.max'));

const phone = (field: string) => text(field, 1, 20).pipe(z.string().regex(PHONE, 'validation.contact.invalid'));

const email = () => textSchema(required('email')).trim().min(1, required('email')).max(254, 'validation.length.max').pipe(z.email('validation.email.invalid'));

/** A DANE municipality code (five digits) that exists. */
const municipality = () => text('municipality', 1, PERSON_LIMITS.textMax).refine((code) => findMunicipality(code) !== null, 'validation.municipality.invalid');

const accountFields = {
  firstName: text('name', PERSON_LIMITS.nameMin),
  lastName: text('lastName', PERSON_LIMITS.nameMin),
  /** Given back as "first last"; accepted and ignored on input. */
  fullName: textSchema().trim().max(PERSON_LIMITS.nameMax * 2, 'validation.length.max').optional(),
  email: email(),
};

/** The oldest birth date taken: nobody taking a course was born more than 120 years ago. */
const MAX_AGE_YEARS = 120;

/** A birth date (`YYYY-MM-DD`): a real day, not in the future, within MAX_AGE_YEARS. */
const birthDate = () =>
  textSchema(required('birthDate'))
    .trim()
    .min(1, required('birthDate'))
    .refine(isCalendarDate, 'validation.date.invalid')
    .refine((value) => value <= todayInBogota(), 'validation.birthDate.future')
    .refine((value) => Number(value.slice(0, 4)) >= Number(todayInBogota().slice(0, 4)) - MAX_AGE_YEARS, 'validation.birthDate.tooOld');

/** A minor's guardian (legal representative): name, identity document, and their authorisation (Ley 1581, art. 7). */
const guardianFields = {
  name: text('guardianName', PERSON_LIMITS.nameMin),
  documentType: choice(DOCUMENT_TYPES, 'guardianDocumentType', 'validation.documentType.invalid'),
  documentNumber: text('guardianDocumentNumber', 1, PERSON_LIMITS.documentMax)
    .pipe(z.string().regex(LETTERS_AND_DIGITS, 'validation.document.invalid'))
    .pipe(z.string().min(PERSON_LIMITS.documentMin, 'validation.length.min')),
  consent: z.literal(true, { message: 'validation.guardian.consent' }),
};

const emergencyFields = {
  name: text('emergencyContact', PERSON_LIMITS.nameMin),
  phone: phone('emergencyNumber'),
  relationship: text('relationship', 1, PERSON_LIMITS.textMax),
};

const profileFields = {
  documentType: choice(DOCUMENT_TYPES, 'documentType', 'validation.documentType.invalid'),
  documentNumber: text('documentNumber', 1, PERSON_LIMITS.documentMax)
    .pipe(z.string().regex(LETTERS_AND_DIGITS, 'validation.document.invalid'))
    .pipe(z.string().min(PERSON_LIMITS.documentMin, 'validation.length.min')),
  contact: phone('contact'),
  genre: choice(GENRES, 'gender', 'validation.gender.invalid'),
  municipality: municipality(),
  neighborhood: text('neighborhood', 1, PERSON_LIMITS.textMax),
  address: text('address', 1, PERSON_LIMITS.addressMax),
  stratum: choice(STRATA, 'stratum', 'validation.stratum.invalid').transform(Number),
  housingType: choice(HOUSING_TYPES, 'housingType', 'validation.housingType.invalid'),
  childrenCount: count('childrenCount'),
  householdSize: count('householdSize', 1),
  dependentsCount: count('dependentsCount'),
  /** Sensitive (Ley 1581, art. 5): asked, and kept, only while `sensitiveDataConsent` is given; required then ('Prefiero no responder' is an answer). */
  populationGroup: choice(POPULATION_GROUPS, 'populationGroup').optional(),
  englishLevel: choice(ENGLISH_LEVELS, 'englishLevel'),
  transportMode: choice(TRANSPORT_MODES, 'transport'),
  emergencyContact: z.object(emergencyFields, { message: required('emergencyContact') }),
  employmentType: choice(EMPLOYMENT_TYPES, 'employmentType').optional(),
  worksInIndustry: z.boolean({ message: 'validation.invalid_value' }).optional(),
  role: textSchema().trim().max(PERSON_LIMITS.nameMax, 'validation.length.max').optional(),
  birthDate: birthDate(),
  /** Required for a minor (under 18 on the day the form is given); ignored for an adult. */
  guardian: z.object(guardianFields, { message: required('guardianName') }).optional(),
  /** The separate, explicit authorisation to process sensitive data (ADR 030); without it the sensitive fields are neither asked nor kept. */
  sensitiveDataConsent: z.boolean({ message: required('sensitiveDataConsent') }),
};

/** The profile fields Ley 1581 calls sensitive: kept only under a `sensitive_data` consent, erased when it is withdrawn. */
export const SENSITIVE_PROFILE_FIELDS = ['populationGroup'] as const;

interface DocumentFields {
  documentType?: DocumentType | string;
  documentNumber?: string;
}

interface MinorFields {
  birthDate?: string;
  documentType?: DocumentType | string;
  guardian?: { name?: unknown; documentType?: unknown; documentNumber?: unknown; consent?: unknown } | null;
  sensitiveDataConsent?: unknown;
  populationGroup?: unknown;
}

/**
 * A minor (under 18 today, the day the form is given: ADR 030) is registered only with their guardian's name,
 * document and authorisation, and never with a cédula (a tarjeta de identidad, or a registro civil under 7).
 */
function checkMinor(value: MinorFields | null, context: z.core.$RefinementCtx): void {
  // Checks run `always`, even on a value that is no object (issue 28); zod reports that one itself.
  if (typeof value !== 'object' || value === null) return;
  const { birthDate: born } = value;
  if (typeof born !== 'string' || !isCalendarDate(born) || !isMinorOn(born, todayInBogota())) return;
  if (value.documentType === 'CC') context.addIssue({ code: 'custom', path: ['documentType'], message: 'validation.documentType.minor' });
  if (value.guardian === undefined || value.guardian === null) context.addIssue({ code: 'custom', path: ['guardian', 'name'], message: required('guardianName') });
}

/** With the sensitive-data consent given, the population group must be chosen (declining is a choice). */
function checkSensitiveFields(value: MinorFields | null, context: z.core.$RefinementCtx): void {
  if (typeof value !== 'object' || value === null) return;
  if (value.sensitiveDataConsent === true && (value.populationGroup === undefined || value.populationGroup === null || value.populationGroup === '')) {
    context.addIssue({ code: 'custom', path: ['populationGroup'], message: required('populationGroup') });
  }
}

/** Numbers of documents other than passports are digits only: 'Este campo solo acepta números'. */
function checkDocumentNumber(value: DocumentFields | null, context: z.core.$RefinementCtx): void {
  // Checks run `always`, even on a value that is no object at all (`"profile": null`, issue 28: a 500); zod reports that one itself.
  if (typeof value !== 'object' || value === null) return;
  const { documentType, documentNumber } = value;
  if (typeof documentNumber !== 'string' || !documentNumber.trim()) return;
  if (!(ALPHANUMERIC_DOCUMENT_TYPES as readonly string[]).includes(documentType ?? '') && !ONLY_DIGITS.test(documentNumber.trim())) {
    context.addIssue({ code: 'custom', path: ['documentNumber'], message: 'validation.numeric' });
  }
}

// Object checks run even while other fields are wrong, so the form tells a mismatch as the person types.
export const always = { when: () => true };

/** The person form's fields, for bodies that carry it beside their own (a visitor's sign-up). */
export const personFormShape = { ...accountFields, confirmEmail: textSchema(required('confirmEmail')).trim().min(1, required('confirmEmail')), ...profileFields };

/** The person form's checks across fields: the e-mail typed twice, the document number for its type, a minor's guardian, the sensitive fields under their consent. */
export function checkPersonForm(value: ({ email?: unknown; confirmEmail?: unknown } & DocumentFields & MinorFields) | null, context: z.core.$RefinementCtx): void {
  if (typeof value !== 'object' || value === null) return;
  if (typeof value.email === 'string' && typeof value.confirmEmail === 'string' && value.confirmEmail && value.email.toLowerCase() !== value.confirmEmail.toLowerCase()) {
    context.addIssue({ code: 'custom', path: ['confirmEmail'], message: 'validation.email.mismatch' });
  }
  checkDocumentNumber(value, context);
  checkMinor(value, context);
  checkSensitiveFields(value, context);
}

/** The whole person form: a person's own profile, or an admin's edit of it. */
export const PersonFormSchema = z.object(personFormShape).superRefine(checkPersonForm, always);
export type PersonForm = z.infer<typeof PersonFormSchema>;

/** The person form as PUT takes it, with the request helper's session data (contract §7). */
export const PersonFormBodySchema = z
  .object({ ...SessionBodySchema.shape, ...personFormShape })
  .superRefine(checkPersonForm, always)
  .meta({ id: 'PersonForm' });

/** The fields of the form's profile part, each optional (an admin or an import may know only some of them). */
export const PartialProfileSchema = z
  .object({
    ...Object.fromEntries(Object.entries(profileFields).map(([name, schema]) => [name, name === 'emergencyContact' ? z.object(emergencyFields).partial() : schema]).map(([name, schema]) => [name, (schema as z.ZodType).optional()])),
  } as { [K in keyof typeof profileFields]: z.ZodOptional<K extends 'emergencyContact' ? z.ZodObject<{ [F in keyof typeof emergencyFields]: z.ZodOptional<(typeof emergencyFields)[F]> }> : (typeof profileFields)[K]> })
  .superRefine((value, context) => {
    checkDocumentNumber(value, context);
    checkMinor(value, context);
    checkSensitiveFields(value, context);
  }, always)
  .meta({ id: 'PartialProfile' });
export type PartialProfile = z.infer<typeof PartialProfileSchema>;

/** The account part of the form (names and e-mail), for creating accounts. */
export const AccountFieldsSchema = z.object({ firstName: accountFields.firstName, lastName: accountFields.lastName, email: accountFields.email });

/** A profile as the API gives it back: every field, null where unknown. */
export const PersonProfileSchema = z
  .object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    documentType: z.enum(DOCUMENT_TYPES).nullable(),
    documentNumber: z.string().nullable(),
    contact: z.string().nullable(),
    genre: z.enum(GENRES).nullable(),
    /** The municipality's department (DANE code), derived from `municipality`. */
    department: z.string().nullable(),
    municipality: z.string().nullable(),
    neighborhood: z.string().nullable(),
    address: z.string().nullable(),
    stratum: z.number().int().nullable(),
    housingType: z.enum(HOUSING_TYPES).nullable(),
    childrenCount: z.number().int().nullable(),
    householdSize: z.number().int().nullable(),
    dependentsCount: z.number().int().nullable(),
    populationGroup: z.enum(POPULATION_GROUPS).nullable(),
    englishLevel: z.enum(ENGLISH_LEVELS).nullable(),
    transportMode: z.enum(TRANSPORT_MODES).nullable(),
    emergencyContact: z.object({ name: z.string().nullable(), phone: z.string().nullable(), relationship: z.string().nullable() }),
    employmentType: z.enum(EMPLOYMENT_TYPES).nullable(),
    worksInIndustry: z.boolean().nullable(),
    role: z.string().nullable(),
    birthDate: z.string().meta({ format: 'date' }).nullable(),
    /** A minor's guardian and when their authorisation was recorded; null for an adult. */
    guardian: z.object({ name: z.string().nullable(), documentType: z.enum(DOCUMENT_TYPES).nullable(), documentNumber: z.string().nullable(), consentedAt: z.string().nullable() }).nullable(),
    /** Whether the person's sensitive-data consent is in force (the sensitive fields are null without it). */
    sensitiveDataConsent: z.boolean(),
    /** Whether every required field of the form is filled. */
    isComplete: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'PersonProfile' });
export type PersonProfile = z.infer<typeof PersonProfileSchema>;
