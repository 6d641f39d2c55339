import { describe, expect, it } from 'vitest';
import { getT } from '~/i18n';
import { SessionBodySchema } from '~/lib/shared/schemas/common';
import { LiveVideoFormSchema } from '~/lib/shared/schemas/live-video';
import { PersonFormSchema } from '~/lib/shared/schemas/person';
import { fieldErrorsOf, translateFieldErrors } from '~/lib/shared/validation';
import type { ZodType } from 'zod';
import { personFormFor } from '../factories/person-form';

const VALID_PERSON = personFormFor('sofia@correo.co');

const VALID_VIDEO = {
  className: 'Clase en vivo: flexbox',
  description: 'Repaso de flexbox con ejemplos.',
  videoLink: 'https://www.youtube.com/watch?v=abc',
  duration: { minutes: '45', seconds: '0' },
  startDate: '2026-11-20T14:00:00Z',
  endDate: '2026-11-20T15:00:00Z',
  wasLive: true,
};

function messagesOf(schema: ZodType, value: unknown, lang: 'es' | 'en' = 'es') {
  const result = schema.safeParse(value);
  return result.success ? {} : translateFieldErrors(fieldErrorsOf(result.error.issues), getT(lang));
}

describe('person form validation (contract §5)', () => {
  it('accepts a complete person and turns counts into numbers', () => {
    const result = PersonFormSchema.parse(VALID_PERSON);
    expect(result.childrenCount).toBe(0);
    expect(result.householdSize).toBe(4);
  });

  it('uses the contract messages word for word for invalid values', () => {
    expect(
      messagesOf(PersonFormSchema, { ...VALID_PERSON, contact: '12ab', email: 'sofia@', genre: 'x', housingType: 'castle', stratum: '9', childrenCount: 'dos' }),
    ).toMatchObject({
      contact: 'El contacto no es válido',
      email: 'El correo no es válido',
      genre: 'Seleccione un género',
      housingType: 'Seleccione un tipo de vivienda',
      stratum: 'Seleccione un estrato',
      childrenCount: 'Este campo solo acepta números',
    });
  });

  it('names each missing required field', () => {
    const fields = messagesOf(PersonFormSchema, {});
    expect(fields).toMatchObject({
      firstName: 'El nombre es obligatorio',
      lastName: 'El apellido es obligatorio',
      contact: 'El contacto es obligatorio',
      email: 'El correo es obligatorio',
      genre: 'El género es obligatorio',
      documentType: 'El tipo de documento es obligatorio',
      documentNumber: 'El número de identidad es obligatorio',
      municipality: 'El municipio es obligatorio',
      neighborhood: 'El barrio es obligatorio',
      address: 'La dirección es obligatoria',
      housingType: 'El tipo de vivienda es obligatorio',
      stratum: 'El estrato es obligatorio',
      childrenCount: 'El número de hijos es obligatorio',
      householdSize: 'El número de personas en casa es obligatorio',
      dependentsCount: 'El número de personas a cargo es obligatorio',
      englishLevel: 'El nivel de inglés es obligatorio',
      transportMode: 'El medio de transporte es obligatorio',
      birthDate: 'La fecha de nacimiento es obligatoria',
      sensitiveDataConsent: 'Indique si autoriza el tratamiento de sus datos sensibles',
    });
    // The population group is asked under the sensitive-data consent, with the contract's message (ADR 030).
    expect(messagesOf(PersonFormSchema, { sensitiveDataConsent: true })).toMatchObject({ populationGroup: 'El grupo poblacional es obligatorio' });
    expect(messagesOf(PersonFormSchema, { ...VALID_PERSON, emergencyContact: {} })).toMatchObject({
      'emergencyContact.name': 'El contacto de emergencia es obligatorio',
      'emergencyContact.phone': 'El número de emergencia es obligatorio',
      'emergencyContact.relationship': 'El parentesco es obligatorio',
    });
  });

  it('states the length bounds with their number, in Spanish and English', () => {
    const value = { ...VALID_PERSON, firstName: 'S', address: 'x'.repeat(121) };
    expect(messagesOf(PersonFormSchema, value)).toMatchObject({ firstName: 'Debe tener mínimo 2 caracteres', address: 'Debe tener máximo 120 caracteres' });
    expect(messagesOf(PersonFormSchema, value, 'en')).toMatchObject({ firstName: 'Must be at least 2 characters', address: 'Must be at most 120 characters' });
  });

  it('requires the confirmation email to match', () => {
    expect(messagesOf(PersonFormSchema, { ...VALID_PERSON, confirmEmail: 'otra@correo.co' })).toEqual({ confirmEmail: 'Los correos no coinciden' });
  });

  it('speaks English when asked', () => {
    expect(messagesOf(PersonFormSchema, { ...VALID_PERSON, genre: 'x', email: 'bad' }, 'en')).toMatchObject({ genre: 'Select a gender', email: 'The email is not valid' });
  });
});

describe('live-video form validation (contract §5)', () => {
  it('accepts a complete live video', () => {
    expect(LiveVideoFormSchema.parse(VALID_VIDEO).duration).toEqual({ minutes: 45, seconds: 0 });
  });

  it("answers 'Ingrese un link válido' for a bad link and numbers-only for minutes", () => {
    expect(messagesOf(LiveVideoFormSchema, { ...VALID_VIDEO, videoLink: 'javascript:alert(1)', duration: { minutes: '4x', seconds: '0' } })).toMatchObject({
      videoLink: 'Ingrese un link válido',
      'duration.minutes': 'Este campo solo acepta números',
    });
  });

  it('names the missing fields: name, url, minutes, seconds, dates (the description is optional: the contract does not list it)', () => {
    expect(messagesOf(LiveVideoFormSchema, { wasLive: false, duration: {} })).toMatchObject({
      className: 'El nombre es obligatorio',
      videoLink: 'El link es obligatorio',
      'duration.minutes': 'Los minutos son obligatorios',
      'duration.seconds': 'Los segundos son obligatorios',
      startDate: 'La fecha de inicio es obligatoria',
      endDate: 'La fecha de fin es obligatoria',
    });
  });

  it('names a missing duration, and takes a form without a description', () => {
    expect(messagesOf(LiveVideoFormSchema, { ...VALID_VIDEO, duration: undefined })).toEqual({ duration: 'La duración es obligatoria' });
    expect(LiveVideoFormSchema.parse({ ...VALID_VIDEO, description: undefined }).description).toBe('');
  });

  it('refuses a zero duration and an end before the start', () => {
    expect(messagesOf(LiveVideoFormSchema, { ...VALID_VIDEO, duration: { minutes: 0, seconds: 0 }, endDate: '2026-11-19T00:00:00Z' })).toEqual({
      duration: 'La duración es obligatoria',
      endDate: 'La fecha de fin debe ser posterior a la de inicio',
    });
  });
});

describe('the session fields the request helper merges into bodies', () => {
  it('accept the empty learning path an upload carries for a user without one, and still refuse a bad id', () => {
    // FormData has no null: the helper sends idTrainingPath as an empty field (admins and tutors have no path).
    expect(SessionBodySchema.parse({ idUser: '7', idTrainingPath: '' })).toEqual({ idUser: 7, idTrainingPath: null });
    expect(SessionBodySchema.parse({ idUser: 7, idTrainingPath: null })).toEqual({ idUser: 7, idTrainingPath: null });
    expect(SessionBodySchema.safeParse({ idUser: 7, idTrainingPath: 'abc' }).success).toBe(false);
  });
});
