/** Filling the person form (contract §3) in Spanish as a person would, by its labels: the parts every spec fills alike. */
import type { Locator } from '@playwright/test';

export interface PersonFormPlace {
  contact: string;
  department: string;
  municipality: string;
  neighborhood: string;
  address: string;
  stratum: number;
  englishLevel: string;
  emergency: { name: string; phone: string; relationship: string };
  /** Given unless told (an adult's, 1996-05-14). */
  birthDate?: string;
  /** Whether the person authorises their sensitive data (then answers the population group: "Ninguno"); yes unless told (ADR 030). */
  sensitiveData?: 'authorise' | 'decline';
}

/** Contact, residence, household, the birth date, the sensitive-data choice, background and emergency contact: everything but the identity part. */
export async function fillResidenceAndHousehold(form: Locator, place: PersonFormPlace): Promise<void> {
  await form.getByLabel('Celular de contacto').fill(place.contact);
  // Each select's label reads with its chosen option ("DepartamentoSelecciona…"), and the municipality's placeholder names the department.
  await form.getByLabel(/^Departamento/).selectOption({ label: place.department });
  await form.getByLabel(/^Municipio/).selectOption({ label: place.municipality });
  await form.getByLabel('Barrio').fill(place.neighborhood);
  await form.getByLabel('Dirección').fill(place.address);
  await form.getByLabel('Estrato').selectOption({ label: `Estrato ${place.stratum}` });
  await form.getByLabel('Tipo de vivienda').selectOption({ label: 'Arrendada' });
  await form.getByLabel('Número de hijos').fill('0');
  await form.getByLabel('Personas que viven en tu casa').fill('3');
  await form.getByLabel('Personas a tu cargo').fill('0');
  await form.getByLabel('Fecha de nacimiento').fill(place.birthDate ?? '1996-05-14');
  if (place.sensitiveData === 'decline') await form.getByRole('radio', { name: 'No lo autorizo' }).check();
  else {
    await form.getByRole('radio', { name: 'Sí, lo autorizo' }).check();
    await form.getByLabel('Grupo poblacional').selectOption({ label: 'Ninguno' });
  }
  await form.getByLabel('Medio de transporte').selectOption({ label: 'Sistema masivo (TransMilenio, Metro, MIO…)' });
  await form.getByLabel('Nivel de inglés').selectOption({ label: place.englishLevel });
  await form.getByLabel('Nombre del contacto de emergencia').fill(place.emergency.name);
  await form.getByLabel('Teléfono del contacto de emergencia').fill(place.emergency.phone);
  await form.getByLabel('Parentesco').fill(place.emergency.relationship);
}
