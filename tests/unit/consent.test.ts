import { describe, expect, it } from 'vitest';
import { getT } from '~/i18n';
import { AGE_BANDS, ageBandOf, ageBandOn, ageOn, isCalendarDate, isMinorOn, todayInBogota } from '~/lib/shared/age-bands';
import { PartialProfileSchema, PersonFormSchema } from '~/lib/shared/schemas/person';
import { MyWithdrawalBodySchema, WithdrawalBodySchema } from '~/lib/shared/schemas/withdrawals';
import { fieldErrorsOf, translateFieldErrors } from '~/lib/shared/validation';
import type { ZodType } from 'zod';
import { personFormFor } from '../factories/person-form';

const VALID_PERSON = personFormFor('sofia@correo.co');

function messagesOf(schema: ZodType, value: unknown, lang: 'es' | 'en' = 'es') {
  const result = schema.safeParse(value);
  return result.success ? {} : translateFieldErrors(fieldErrorsOf(result.error.issues), getT(lang));
}

/** A birth date `years` years before today (Bogotá), give or take `days`. */
function bornYearsAgo(years: number, days = 0): string {
  const today = new Date(`${todayInBogota()}T12:00:00Z`);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
}

describe('ages and age bands (ADR 030)', () => {
  it('counts whole years, the birthday on its own day', () => {
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17);
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
    expect(ageOn('2008-06-15', '2026-12-31')).toBe(18);
  });

  it('turns someone born on 29 February a year older on 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('is a minor until the 18th birthday', () => {
    expect(isMinorOn('2008-06-15', '2026-06-14')).toBe(true);
    expect(isMinorOn('2008-06-15', '2026-06-15')).toBe(false);
  });

  it('bands ages at their edges: under 18, youth to 28 (Ley 1622), 29–40, 41–59, 60 and over', () => {
    const edges: [number, string][] = [
      [0, 'under_18'],
      [17, 'under_18'],
      [18, '18_28'],
      [28, '18_28'],
      [29, '29_40'],
      [40, '29_40'],
      [41, '41_59'],
      [59, '41_59'],
      [60, '60_plus'],
      [99, '60_plus'],
    ];
    for (const [age, band] of edges) expect(ageBandOf(age), String(age)).toBe(band);
    expect(AGE_BANDS).toEqual(['under_18', '18_28', '29_40', '41_59', '60_plus']);
  });

  it('bands a birth date on a cut-off day, and nothing without one', () => {
    expect(ageBandOn('1998-04-12', '2026-04-11')).toBe('18_28');
    expect(ageBandOn('1997-04-12', '2026-04-12')).toBe('29_40');
    expect(ageBandOn(null, '2026-04-12')).toBeNull();
  });

  it('takes only real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('12/04/1998')).toBe(false);
  });

  it('gives every band a label in both languages', () => {
    for (const lang of ['es', 'en'] as const) {
      for (const band of [...AGE_BANDS, 'unknown']) expect(getT(lang)(`ageBand.${band}`)).not.toBe(`ageBand.${band}`);
    }
  });
});

describe('the person form: birth date, minors and sensitive data (ADR 030)', () => {
  it('refuses a birth date that is no day, in the future, or more than 120 years ago', () => {
    expect(messagesOf(PersonFormSchema, { ...VALID_PERSON, birthDate: '2001-02-30' })).toMatchObject({ birthDate: 'La fecha no es válida' });
    expect(messagesOf(PersonFormSchema, { ...VALID_PERSON, birthDate: bornYearsAgo(0, 1) })).toMatchObject({ birthDate: 'La fecha de nacimiento no puede ser posterior a hoy' });
    expect(messagesOf(PersonFormSchema, { ...VALID_PERSON, birthDate: bornYearsAgo(125) }, 'en')).toMatchObject({ birthDate: 'Check the birth date' });
  });

  it("registers a minor only with a guardian's name, document and authorisation, and never with a cédula", () => {
    const minor = { ...VALID_PERSON, birthDate: bornYearsAgo(16), documentType: 'CC' };
    expect(messagesOf(PersonFormSchema, minor)).toMatchObject({
      documentType: 'Una persona menor de edad se identifica con tarjeta de identidad (o registro civil si tiene menos de 7 años)',
      'guardian.name': 'El nombre del acudiente es obligatorio para una persona menor de edad',
    });
    const withTi = { ...minor, documentType: 'TI', documentNumber: '1020304050' };
    expect(messagesOf(PersonFormSchema, { ...withTi, guardian: { name: 'Marta Ruiz', documentType: 'CC', documentNumber: '52123456' } })).toEqual({
      'guardian.consent': 'El acudiente debe autorizar el registro y el tratamiento de los datos de la persona menor de edad',
    });
    expect(messagesOf(PersonFormSchema, { ...withTi, guardian: { name: '', documentType: '', documentNumber: '52a', consent: true } }, 'en')).toMatchObject({
      'guardian.name': "A minor's guardian name is required",
      'guardian.documentType': "The guardian's document type is required",
    });
    expect(PersonFormSchema.safeParse({ ...withTi, guardian: { name: 'Marta Ruiz', documentType: 'CC', documentNumber: '52123456', consent: true } }).success).toBe(true);
  });

  it('asks no guardian of someone who turned 18 today', () => {
    expect(PersonFormSchema.safeParse({ ...VALID_PERSON, birthDate: bornYearsAgo(18) }).success).toBe(true);
    expect(messagesOf(PersonFormSchema, { ...VALID_PERSON, birthDate: bornYearsAgo(18, 1) })).toHaveProperty(['guardian.name']);
  });

  it("keeps the contract's message for the population group under the sensitive-data consent, takes 'prefer not to say', and asks nothing without the consent", () => {
    const { populationGroup: _group, ...withoutGroup } = VALID_PERSON;
    expect(messagesOf(PersonFormSchema, withoutGroup)).toEqual({ populationGroup: 'El grupo poblacional es obligatorio' });
    expect(PersonFormSchema.safeParse({ ...VALID_PERSON, populationGroup: 'prefer_not_to_say' }).success).toBe(true);
    expect(PersonFormSchema.safeParse({ ...withoutGroup, sensitiveDataConsent: false }).success).toBe(true);
    expect(getT('es')('person.populationGroup.prefer_not_to_say')).toBe('Prefiero no responder');
    expect(messagesOf(PersonFormSchema, { ...VALID_PERSON, sensitiveDataConsent: 'sí' }, 'en')).toEqual({ sensitiveDataConsent: 'Say whether you authorise the processing of your sensitive data' });
  });

  it('applies the minor rules to a partial profile (an admin or an import) that gives a birth date', () => {
    expect(messagesOf(PartialProfileSchema, { birthDate: bornYearsAgo(15) })).toHaveProperty(['guardian.name']);
    expect(PartialProfileSchema.safeParse({ birthDate: bornYearsAgo(30) }).success).toBe(true);
    expect(PartialProfileSchema.safeParse({}).success).toBe(true);
  });
});

describe('withdrawal bodies (ADR 030)', () => {
  it('takes a reason from the list, and asks for words when it is "other"', () => {
    expect(MyWithdrawalBodySchema.safeParse({ reason: 'work' }).success).toBe(true);
    expect(messagesOf(MyWithdrawalBodySchema, { reason: 'bored' })).toEqual({ reason: 'Seleccione el motivo del retiro' });
    expect(messagesOf(MyWithdrawalBodySchema, { reason: 'other', note: '  ' })).toEqual({ note: 'Cuente el motivo del retiro' });
    expect(messagesOf(WithdrawalBodySchema, { userId: 3, reason: 'other' }, 'en')).toEqual({ note: 'Tell the reason for the withdrawal' });
  });

  it('takes a withdrawal day that is a real date', () => {
    expect(WithdrawalBodySchema.safeParse({ userId: 3, reason: 'moved', withdrawnOn: '2026-11-02' }).success).toBe(true);
    expect(messagesOf(WithdrawalBodySchema, { userId: 3, reason: 'moved', withdrawnOn: '2026-11-31' })).toEqual({ withdrawnOn: 'La fecha no es válida' });
  });
});

describe('the person form on bodies that are no object (issue 28)', () => {
  it('answers a field error, not a crash, for a null profile', () => {
    expect(PartialProfileSchema.safeParse(null).success).toBe(false);
    expect(PersonFormSchema.safeParse(null).success).toBe(false);
  });
});
