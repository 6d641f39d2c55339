/** The person form ↔ the `users` and `profiles` rows. */
import { isMinorOn, todayInBogota } from '~/lib/shared/age-bands';
import { findMunicipality } from '~/lib/shared/colombia';
import { PersonFormSchema, type PartialProfile, type PersonForm, type PersonProfile } from '~/lib/shared/schemas/person';
import type { profiles, users } from '~/lib/server/db/schema';

type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;
/** What the person form sets (whether the document is reserved is the sign-up's business: services/registrations/verify-sign-up.ts). */
export type ProfileValues = Omit<typeof profiles.$inferInsert, 'userId' | 'updatedAt' | 'documentReserved'>;

/** The columns a (partial) profile sets; fields not given are left out (not erased). */
export function profileValuesOf(profile: PartialProfile | PersonForm): ProfileValues {
  const values: ProfileValues = {
    documentType: profile.documentType,
    documentNumber: profile.documentNumber?.toUpperCase(),
    contact: profile.contact,
    genre: profile.genre,
    municipality: profile.municipality,
    neighborhood: profile.neighborhood,
    address: profile.address,
    stratum: profile.stratum,
    housingType: profile.housingType,
    childrenCount: profile.childrenCount,
    householdSize: profile.householdSize,
    dependentsCount: profile.dependentsCount,
    // Sensitive: kept only under the sensitive-data consent the same form gives (or withholds); erased when it is withheld.
    populationGroup: profile.sensitiveDataConsent === true ? profile.populationGroup : profile.sensitiveDataConsent === false ? null : undefined,
    englishLevel: profile.englishLevel,
    transportMode: profile.transportMode,
    emergencyName: profile.emergencyContact?.name,
    emergencyPhone: profile.emergencyContact?.phone,
    emergencyRelationship: profile.emergencyContact?.relationship,
    employmentType: profile.employmentType,
    worksInIndustry: profile.worksInIndustry,
    role: profile.role,
    birthDate: profile.birthDate,
    ...guardianValuesOf(profile),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as ProfileValues;
}

/** A minor's guardian as given, or cleared for an adult (a birth date that makes them one); nothing when the birth date is not given. */
function guardianValuesOf(profile: PartialProfile | PersonForm): Pick<ProfileValues, 'guardianName' | 'guardianDocumentType' | 'guardianDocumentNumber' | 'guardianConsentAt'> {
  if (!profile.birthDate) return {};
  const guardian = isMinorOn(profile.birthDate, todayInBogota()) ? profile.guardian : undefined;
  return {
    guardianName: guardian?.name ?? null,
    guardianDocumentType: guardian?.documentType ?? null,
    guardianDocumentNumber: guardian?.documentNumber?.toUpperCase() ?? null,
    guardianConsentAt: guardian?.consent ? new Date() : null,
  };
}

/** Every column of a profile, as the whole form replaces it (optional fields left empty are cleared). */
export function fullProfileValuesOf(form: PersonForm): Required<ProfileValues> {
  return {
    ...(profileValuesOf(form) as Required<ProfileValues>),
    employmentType: form.employmentType ?? null,
    worksInIndustry: form.worksInIndustry ?? null,
    role: form.role || null,
  };
}

const EMPTY_PROFILE: Omit<ProfileRow, 'userId' | 'updatedAt' | 'documentReserved'> & { updatedAt: Date | null } = {
  documentType: null,
  documentNumber: null,
  contact: null,
  genre: null,
  municipality: null,
  neighborhood: null,
  address: null,
  stratum: null,
  housingType: null,
  childrenCount: null,
  householdSize: null,
  dependentsCount: null,
  populationGroup: null,
  englishLevel: null,
  transportMode: null,
  emergencyName: null,
  emergencyPhone: null,
  emergencyRelationship: null,
  employmentType: null,
  worksInIndustry: null,
  role: null,
  birthDate: null,
  guardianName: null,
  guardianDocumentType: null,
  guardianDocumentNumber: null,
  guardianConsentAt: null,
  updatedAt: null,
};

/** A person's profile as the API gives it back (null where unknown), with whether the whole form is filled. */
export function personProfileOf(user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>, row: ProfileRow | null | undefined, sensitiveDataConsent: boolean): PersonProfile {
  const p = row ?? EMPTY_PROFILE;
  const profile: PersonProfile = {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    documentType: p.documentType as PersonProfile['documentType'],
    documentNumber: p.documentNumber,
    contact: p.contact,
    genre: p.genre as PersonProfile['genre'],
    department: p.municipality ? (findMunicipality(p.municipality)?.department.code ?? null) : null,
    municipality: p.municipality,
    neighborhood: p.neighborhood,
    address: p.address,
    stratum: p.stratum,
    housingType: p.housingType as PersonProfile['housingType'],
    childrenCount: p.childrenCount,
    householdSize: p.householdSize,
    dependentsCount: p.dependentsCount,
    populationGroup: sensitiveDataConsent ? (p.populationGroup as PersonProfile['populationGroup']) : null,
    englishLevel: p.englishLevel as PersonProfile['englishLevel'],
    transportMode: p.transportMode as PersonProfile['transportMode'],
    emergencyContact: { name: p.emergencyName, phone: p.emergencyPhone, relationship: p.emergencyRelationship },
    employmentType: p.employmentType as PersonProfile['employmentType'],
    worksInIndustry: p.worksInIndustry,
    role: p.role,
    birthDate: p.birthDate,
    guardian: p.guardianName
      ? { name: p.guardianName, documentType: p.guardianDocumentType as NonNullable<PersonProfile['guardian']>['documentType'], documentNumber: p.guardianDocumentNumber, consentedAt: p.guardianConsentAt?.toISOString() ?? null }
      : null,
    sensitiveDataConsent,
    isComplete: false,
    updatedAt: p.updatedAt?.toISOString() ?? null,
  };
  const asForm = Object.fromEntries(Object.entries({ ...profile, confirmEmail: profile.email }).filter(([, value]) => value !== null));
  const guardian = profile.guardian && Object.fromEntries(Object.entries({ ...profile.guardian, consent: profile.guardian.consentedAt !== null }).filter(([, v]) => v !== null));
  profile.isComplete = PersonFormSchema.safeParse({
    ...asForm,
    ...(guardian && { guardian }),
    emergencyContact: Object.fromEntries(Object.entries(profile.emergencyContact).filter(([, v]) => v !== null)),
  }).success;
  return profile;
}
