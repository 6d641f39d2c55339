/**
 * The columns of a users spreadsheet: the person form's fields and the
 * account's, each named in Spanish or English (headers are compared
 * normalized: no accents, lower case, spaces as `_`), and list values given
 * by their code or by their label in either language ("Femenino", "female").
 */
import { getT } from '~/i18n';
import { DOCUMENT_TYPES, EMPLOYMENT_TYPES, ENGLISH_LEVELS, GENRES, HOUSING_TYPES, POPULATION_GROUPS, STRATA, TRANSPORT_MODES } from '~/lib/shared/colombia';
import { LANGUAGES, ROLE_IDS, USER_TYPES } from '~/lib/shared/constants';
import { normalizeHeaderName } from '~/lib/server/spreadsheets/header-name';

/** A column's key is the name its row errors carry (`rows.<row>.<column>`) and the preview shows. */
export const USER_COLUMNS = {
  email: ['email', 'e_mail', 'mail', 'correo', 'correo_electronico'],
  firstName: ['first_name', 'firstname', 'name', 'given_name', 'nombre', 'nombres'],
  lastName: ['last_name', 'lastname', 'surname', 'family_name', 'apellido', 'apellidos'],
  userType: ['type', 'user_type', 'usertype', 'account_type', 'tipo', 'tipo_de_usuario', 'tipo_usuario', 'tipo_de_cuenta'],
  language: ['language', 'lang', 'idioma'],
  status: ['status', 'account_status', 'estado'],
  cohort: ['cohort', 'cohort_id', 'cohorte', 'id_cohorte', 'cohorte_id'],
  role: ['role', 'role_id', 'cohort_role', 'rol', 'rol_id', 'id_rol', 'rol_en_la_cohorte', 'rol_cohorte'],
  documentType: ['document_type', 'id_type', 'tipo_de_documento', 'tipo_documento', 'tipo_doc', 'tipo_de_identificacion'],
  documentNumber: ['document_number', 'document', 'id_number', 'numero_de_documento', 'numero_documento', 'documento', 'identificacion', 'numero_de_identidad', 'numero_de_identificacion', 'cedula'],
  contact: ['contact', 'phone', 'mobile', 'contacto', 'telefono', 'celular'],
  genre: ['gender', 'genre', 'genero', 'sexo'],
  department: ['department', 'departamento'],
  municipality: ['municipality', 'municipality_code', 'city', 'municipio', 'codigo_municipio', 'codigo_dane', 'ciudad'],
  neighborhood: ['neighborhood', 'neighbourhood', 'barrio'],
  address: ['address', 'direccion'],
  stratum: ['stratum', 'estrato'],
  housingType: ['housing_type', 'housing', 'tipo_de_vivienda', 'tipo_vivienda', 'vivienda'],
  childrenCount: ['children', 'children_count', 'hijos', 'numero_de_hijos'],
  householdSize: ['household_size', 'people_in_household', 'personas_en_casa', 'personas_en_el_hogar', 'personas_hogar', 'personas_en_la_casa'],
  dependentsCount: ['dependents', 'dependents_count', 'personas_a_cargo', 'personas_a_su_cargo'],
  populationGroup: ['population_group', 'grupo_poblacional'],
  englishLevel: ['english_level', 'english', 'nivel_de_ingles', 'nivel_ingles'],
  transportMode: ['transport', 'transport_mode', 'transporte', 'medio_de_transporte'],
  emergencyName: ['emergency_contact', 'emergency_contact_name', 'emergency_name', 'contacto_de_emergencia', 'nombre_contacto_emergencia', 'nombre_del_contacto_de_emergencia'],
  emergencyPhone: ['emergency_phone', 'emergency_contact_phone', 'emergency_number', 'telefono_de_emergencia', 'numero_de_emergencia', 'telefono_emergencia', 'telefono_del_contacto_de_emergencia'],
  emergencyRelationship: ['relationship', 'emergency_relationship', 'parentesco'],
  employmentType: ['employment_type', 'employment', 'tipo_de_empleo', 'situacion_laboral', 'empleo'],
  worksInIndustry: ['works_in_industry', 'works_in_the_industry', 'trabaja_en_el_sector', 'trabaja_en_la_industria', 'trabaja_en_el_sector_tic'],
  jobRole: ['job_role', 'job_title', 'occupation', 'cargo', 'ocupacion', 'rol_laboral'],
  birthDate: ['birth_date', 'birthdate', 'date_of_birth', 'fecha_de_nacimiento', 'fecha_nacimiento', 'nacimiento'],
  guardianName: ['guardian', 'guardian_name', 'acudiente', 'nombre_del_acudiente', 'nombre_acudiente'],
  guardianDocumentType: ['guardian_document_type', 'tipo_de_documento_del_acudiente', 'tipo_documento_acudiente'],
  guardianDocumentNumber: ['guardian_document_number', 'guardian_document', 'documento_del_acudiente', 'documento_acudiente', 'numero_documento_acudiente'],
  guardianConsent: ['guardian_consent', 'autorizacion_del_acudiente', 'autorizacion_acudiente', 'autoriza_acudiente'],
  sensitiveDataConsent: ['sensitive_data_consent', 'autoriza_datos_sensibles', 'autorizacion_datos_sensibles'],
  funderReportsConsent: ['funder_reports_consent', 'autoriza_reportes', 'autoriza_reportes_a_financiadores', 'autorizacion_reportes'],
} as const satisfies Record<string, readonly string[]>;
export type UserColumn = keyof typeof USER_COLUMNS;

/** Which cell holds each column (first match wins). */
export function locateUserColumns(header: readonly string[]): Partial<Record<UserColumn, number>> {
  const names = header.map(normalizeHeaderName);
  const located: Partial<Record<UserColumn, number>> = {};
  for (const column of Object.keys(USER_COLUMNS) as UserColumn[]) {
    const index = names.findIndex((name) => (USER_COLUMNS[column] as readonly string[]).includes(name));
    if (index >= 0) located[column] = index;
  }
  return located;
}

/** A value of a list from its code or its label in Spanish or English (`person.<list>.<code>`). */
function listReader(values: readonly string[], labelPrefix: string | null, extra: Record<string, string> = {}): (text: string) => string | undefined {
  const byName = new Map<string, string>();
  for (const value of values) {
    byName.set(normalizeHeaderName(value), value);
    if (!labelPrefix) continue;
    for (const lang of LANGUAGES) byName.set(normalizeHeaderName(getT(lang)(`${labelPrefix}.${value}`)), value);
  }
  for (const [name, value] of Object.entries(extra)) byName.set(normalizeHeaderName(name), value);
  return (text) => byName.get(normalizeHeaderName(text));
}

let readers: ReturnType<typeof buildReaders> | null = null;
function buildReaders() {
  return {
    documentType: listReader(DOCUMENT_TYPES, 'person.documentType', { cedula: 'CC', 'cedula de ciudadania': 'CC', pasaporte: 'PA', passport: 'PA', 'tarjeta de identidad': 'TI', 'cedula de extranjeria': 'CE' }),
    genre: listReader(GENRES, 'person.genre', { f: 'female', m: 'male', mujer: 'female', hombre: 'male', woman: 'female', man: 'male' }),
    stratum: listReader(STRATA, null, { 'estrato 1': '1', 'estrato 2': '2', 'estrato 3': '3', 'estrato 4': '4', 'estrato 5': '5', 'estrato 6': '6' }),
    housingType: listReader(HOUSING_TYPES, 'person.housingType', { propia: 'owned', arrendada: 'rented', arriendo: 'rented', familiar: 'family', own: 'owned', rent: 'rented' }),
    populationGroup: listReader(POPULATION_GROUPS, 'person.populationGroup', { ninguno: 'none', ninguna: 'none', victima: 'conflict_victim', afro: 'afrocolombian', afrocolombiano: 'afrocolombian', afrocolombiana: 'afrocolombian', indigena: 'indigenous', gitano: 'rrom', discapacidad: 'disability', migrante: 'migrant', campesino: 'peasant' }),
    englishLevel: listReader(ENGLISH_LEVELS, 'person.englishLevel'),
    transportMode: listReader(TRANSPORT_MODES, 'person.transportMode', { bus: 'public_bus', bicicleta: 'bicycle', moto: 'motorcycle', carro: 'car', transmilenio: 'mass_transit', metro: 'mass_transit', a_pie: 'walking', caminando: 'walking' }),
    employmentType: listReader(EMPLOYMENT_TYPES, 'person.employmentType', { empleado: 'employee', independiente: 'self_employed', desempleado: 'unemployed', estudiante: 'student' }),
    userType: listReader(USER_TYPES, 'people.userType', { estudiante: 'student', personal: 'staff', administrador: 'admin' }),
    language: listReader(LANGUAGES, 'people.language', { espanol: 'es', spanish: 'es', ingles: 'en', english: 'en' }),
    status: listReader(['ACTIVE', 'INACTIVE'], null, { activo: 'ACTIVE', activa: 'ACTIVE', inactivo: 'INACTIVE', inactiva: 'INACTIVE' }),
    role: listReader([], null, {
      student: String(ROLE_IDS.student),
      estudiante: String(ROLE_IDS.student),
      [String(ROLE_IDS.student)]: String(ROLE_IDS.student),
      tutor: String(ROLE_IDS.tutor),
      [String(ROLE_IDS.tutor)]: String(ROLE_IDS.tutor),
      cohort_admin: String(ROLE_IDS.cohortAdmin),
      cohort_administrator: String(ROLE_IDS.cohortAdmin),
      admin_cohorte: String(ROLE_IDS.cohortAdmin),
      administrador_de_cohorte: String(ROLE_IDS.cohortAdmin),
      administrador_cohorte: String(ROLE_IDS.cohortAdmin),
      [String(ROLE_IDS.cohortAdmin)]: String(ROLE_IDS.cohortAdmin),
    }),
    yesNo: listReader([], null, { si: 'true', yes: 'true', true: 'true', '1': 'true', x: 'true', no: 'false', false: 'false', '0': 'false' }),
  };
}

/** The readers of list values (built once, from the dictionaries). */
export function listReaders(): ReturnType<typeof buildReaders> {
  readers ??= buildReaders();
  return readers;
}
