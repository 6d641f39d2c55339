import { z } from 'zod';
import { textSchema } from './common';

/**
 * The person form of the product contract (§3, §5). Messages are i18n keys;
 * the response layer (`translateFieldErrors`) turns them into the caller's language.
 */
const required = (field: string) => `validation.required.${field}`;
const NAME_MIN = 2;
const NAME_MAX = 60;
const ADDRESS_MAX = 120;
const DOCUMENT_MIN = 5;
const DOCUMENT_MAX = 15;
const PHONE_DIGITS = /^\+?\d{7,15}$/;
const ONLY_DIGITS = /^\d+$/;

export const GENRES = ['female', 'male', 'non_binary', 'other', 'prefer_not_to_say'] as const;
export const HOUSING_TYPES = ['owned', 'rented', 'family', 'other'] as const;
export const STRATA = ['1', '2', '3', '4', '5', '6'] as const;
export const DOCUMENT_TYPES = ['CC', 'TI', 'CE', 'PPT', 'PA'] as const;
export const ENGLISH_LEVELS = ['A0', 'A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;

const text = (field: string, min = 1, max = NAME_MAX) =>
  textSchema(required(field))
    .trim()
    .min(1, required(field))
    .min(min, 'validation.length.min')
    .max(max, 'validation.length.max');

const choice = <T extends readonly [string, ...string[]]>(values: T, requiredField: string, invalidKey?: string) =>
  z
    .string({ message: required(requiredField) })
    .min(1, required(requiredField))
    .pipe(z.enum(values, { message: invalidKey ?? required(requiredField) }));

/** Non-negative whole numbers typed into a text box: 'Este campo solo acepta números'. */
const count = (field: string) =>
  z
    .union([z.string(), z.number()], { message: required(field) })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, required(field)).regex(ONLY_DIGITS, 'validation.numeric'))
    .transform(Number);

const phone = (field: string) => text(field, 1, 20).pipe(z.string().regex(PHONE_DIGITS, 'validation.contact.invalid'));

export const PersonFormSchema = z
  .object({
    firstName: text('name', NAME_MIN),
    lastName: text('lastName', NAME_MIN),
    fullName: textSchema().trim().max(NAME_MAX * 2, 'validation.length.max').optional(),
    email: textSchema(required('email')).trim().min(1, required('email')).pipe(z.email('validation.email.invalid')),
    confirmEmail: textSchema(required('email')).trim().min(1, required('email')),
    documentType: choice(DOCUMENT_TYPES, 'documentType'),
    documentNumber: text('documentNumber', 1, DOCUMENT_MAX)
      .pipe(z.string().regex(ONLY_DIGITS, 'validation.numeric'))
      .pipe(z.string().min(DOCUMENT_MIN, 'validation.length.min')),
    contact: phone('contact'),
    genre: choice(GENRES, 'gender', 'validation.gender.invalid'),
    municipality: text('municipality'),
    neighborhood: text('neighborhood'),
    address: text('address', 1, ADDRESS_MAX),
    stratum: choice(STRATA, 'stratum', 'validation.stratum.invalid'),
    housingType: choice(HOUSING_TYPES, 'housingType', 'validation.housingType.invalid'),
    childrenCount: count('childrenCount'),
    householdSize: count('householdSize'),
    dependentsCount: count('dependentsCount'),
    populationGroup: text('populationGroup'),
    englishLevel: choice(ENGLISH_LEVELS, 'englishLevel'),
    transportMode: text('transport'),
    emergencyContact: z.object({
      name: text('emergencyContact', NAME_MIN),
      phone: phone('emergencyNumber'),
      relationship: text('relationship'),
    }),
    employmentType: textSchema().trim().max(NAME_MAX, 'validation.length.max').optional(),
    worksInIndustry: z.boolean().optional(),
    role: textSchema().trim().max(NAME_MAX, 'validation.length.max').optional(),
  })
  .refine((v) => v.email.toLowerCase() === v.confirmEmail.toLowerCase(), {
    path: ['confirmEmail'],
    message: 'validation.email.mismatch',
  });
/** @public The next issues' forms (people, live sessions) use it. */
export type PersonForm = z.infer<typeof PersonFormSchema>;
