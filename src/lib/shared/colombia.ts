/**
 * Colombian lists of the person form: identity documents, DANE (DIVIPOLA)
 * departments and municipalities, socio-economic strata and population
 * groups. Labels live in src/i18n (`person.<list>.<value>`), except place
 * names, which are proper names in both languages.
 */
import divipola from './divipola.json';

/** Identity documents: cédula de ciudadanía, tarjeta de identidad, cédula de extranjería, permiso por protección temporal, permiso especial de permanencia, pasaporte, registro civil. */
export const DOCUMENT_TYPES = ['CC', 'TI', 'CE', 'PPT', 'PEP', 'PA', 'RC'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Documents whose number may hold letters (passports); every other number is digits only. */
export const ALPHANUMERIC_DOCUMENT_TYPES: readonly DocumentType[] = ['PA'];

/** Socio-economic strata of a home's public services bill (estrato 1 to 6). */
export const STRATA = ['1', '2', '3', '4', '5', '6'] as const;

/** Population groups: the ethnic groups of the census (DANE) and the groups public programs give priority to. */
export const POPULATION_GROUPS = [
  'none',
  'indigenous',
  'afrocolombian',
  'raizal',
  'palenquero',
  'rrom',
  'conflict_victim',
  'disability',
  'migrant',
  'peasant',
  'lgbtiq',
  'reincorporated',
  // Declining is an answer (Ley 1581, art. 6; Decreto 1377 de 2013, art. 6: nobody is obliged to give sensitive data).
  'prefer_not_to_say',
] as const;

export const GENRES = ['female', 'male', 'non_binary', 'other', 'prefer_not_to_say'] as const;
export const HOUSING_TYPES = ['owned', 'rented', 'family', 'other'] as const;
export const ENGLISH_LEVELS = ['A0', 'A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export const TRANSPORT_MODES = ['walking', 'bicycle', 'public_bus', 'mass_transit', 'motorcycle', 'car', 'taxi', 'other'] as const;
export const EMPLOYMENT_TYPES = ['employee', 'self_employed', 'informal', 'unemployed', 'student', 'other'] as const;

export interface Department {
  code: string;
  name: string;
  municipalities: readonly Municipality[];
}
export interface Municipality {
  code: string;
  name: string;
}

type DivipolaRow = [code: string, name: string, municipalities: [code: string, name: string][]];

/** The 33 departments (Bogotá D. C. included) with their municipalities, by DANE code. */
export const DEPARTMENTS: readonly Department[] = (divipola as DivipolaRow[]).map(([code, name, municipalities]) => ({
  code,
  name,
  municipalities: municipalities.map(([municipalityCode, municipalityName]) => ({ code: municipalityCode, name: municipalityName })),
}));

const municipalityByCode = new Map(DEPARTMENTS.flatMap((department) => department.municipalities.map((municipality) => [municipality.code, { municipality, department }] as const)));

/** The municipality with this DANE code and its department, or null. */
export function findMunicipality(code: string): { municipality: Municipality; department: Department } | null {
  return municipalityByCode.get(code) ?? null;
}

/** A place name as compared: letters and digits only, no accents, any case ("Bogotá D.C." = "bogota d. c."). */
const normalizedName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * A municipality from what a spreadsheet holds: its DANE code (4 or 5
 * digits: Excel drops the leading zero of 05001), or its name, with the
 * department's name or code when the name alone is ambiguous ("Medellín",
 * "Albania (La Guajira)" or "Albania, 44"). Null when nothing or more than one matches.
 */
export function resolveMunicipality(text: string, departmentText = ''): Municipality | null {
  const value = text.trim();
  if (/^\d{4,5}$/.test(value)) return findMunicipality(value.padStart(5, '0'))?.municipality ?? null;
  const inline = /^(.*?)\s*[(,]\s*([^()]+?)\s*\)?$/.exec(value);
  const [name, departmentHint] = inline ? [inline[1]!, inline[2]!] : [value, departmentText];
  const wanted = normalizedName(name);
  const hint = normalizedName(departmentHint);
  const matches = DEPARTMENTS.filter((department) => !hint || normalizedName(department.name) === hint || department.code === hint.padStart(2, '0')).flatMap((department) =>
    department.municipalities.filter((municipality) => normalizedName(municipality.name) === wanted),
  );
  return matches.length === 1 ? matches[0]! : null;
}
