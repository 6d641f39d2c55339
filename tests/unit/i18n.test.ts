import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { allMessages, createDictionaryBackend, getReferenceT, getT, listKeys } from '~/i18n';
import { createIslandTranslator } from '~/i18n/islands';
import { I18N_OPTIONS, languageFromAcceptHeader, resolveLanguage } from '~/i18n/options';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (lang: 'es' | 'en') => [...new Set(listKeys(lang).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

describe('dictionaries', () => {
  it('English has exactly the Spanish keys (Spanish is the source of truth; plural forms differ by language)', () => {
    expect(baseKeys('en')).toEqual(baseKeys('es'));
  });

  it('every plural has exactly the forms its language needs (Spanish: one, many, other; English: one, other)', () => {
    for (const lang of ['es', 'en'] as const) {
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.map(String).sort();
      const forms = new Map<string, string[]>();
      for (const key of listKeys(lang)) {
        const match = PLURAL_SUFFIX.exec(key);
        if (match) forms.set(key.slice(0, match.index), [...(forms.get(key.slice(0, match.index)) ?? []), match[1]!]);
      }
      expect(forms.size).toBeGreaterThan(20);
      for (const [base, found] of forms) expect(found.sort(), `${lang} ${base}`).toEqual(needed);
    }
  });

  it('a count is always said through plural forms, never with "(s)"', () => {
    for (const lang of ['es', 'en'] as const) {
      for (const [key, text] of Object.entries(allMessages(lang))) {
        if (/\{\{\s*count\b/.test(text)) expect(key, `${lang} ${key}: ${text}`).toMatch(PLURAL_SUFFIX);
        expect(text, `${lang} ${key}`).not.toMatch(/\((s|es)\)/);
      }
    }
  });

  it('a number is never followed by a plural word outside plural forms ("1 calificados", issue 35)', () => {
    // Placeholders followed by a word ending in -s that are not counts: a list of field names, a command.
    const NOT_COUNTS = new Set(['en errors.unknown_reference', 'en cli.needsDatabaseAlone']);
    for (const lang of ['es', 'en'] as const) {
      for (const [key, text] of Object.entries(allMessages(lang))) {
        if (PLURAL_SUFFIX.test(key) || NOT_COUNTS.has(`${lang} ${key}`)) continue;
        for (const match of text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*number\s*)?\}\}\s+(\p{Ll}\p{L}{3,})/gu)) {
          expect(match[2], `${lang} ${key}: «{{${match[1]}}} ${match[2]}» wants plural forms on a count`).not.toMatch(/s$/);
        }
      }
    }
  });

  it('every message that takes a count reads in its singular for 1 and its plural for 0 and 2, in both languages', () => {
    for (const lang of ['es', 'en'] as const) {
      const messages = allMessages(lang);
      const bases = [...new Set(Object.keys(messages).filter((key) => key.endsWith('_one')).map((key) => key.slice(0, -'_one'.length)))];
      expect(bases.length).toBeGreaterThan(40);
      const t = getT(lang);
      for (const base of bases) {
        const params = { name: 'Ana', shown: 1, percentage: 50, completed: 1, percent: 50, files: 1, done: 1, attended: 1, left: 1, size: '5 MB' };
        const render = (count: number) => t(base, { ...params, count });
        expect(render(1), `${lang} ${base} with 1`).toBe(t(`${base}_one`, { ...params, count: 1 }));
        expect(render(2), `${lang} ${base} with 2`).toBe(t(`${base}_other`, { ...params, count: 2 }));
        expect(render(0), `${lang} ${base} with 0`).toBe(t(`${base}_other`, { ...params, count: 0 }));
        for (const count of [0, 1, 2]) expect(render(count), `${lang} ${base} with ${count}`).not.toMatch(/\{\{|_one|_other/);
      }
    }
    expect(getT('es')('assignments.grading.countGraded', { count: 1 })).toBe('1 calificado');
    expect(getT('es')('errors.rate_limited', { count: 1 })).toBe('Demasiados intentos. Vuelve a intentarlo en 1 segundo.');
    expect(getT('en')('course.progress', { percentage: 100, completed: 1, count: 1 })).toBe('100% complete (1 of 1 lesson)');
  });

  it('plurals and numbers read right in both languages', () => {
    expect(getT('es')('home.activityCount', { count: 1 })).toBe('1 actividad');
    expect(getT('es')('home.activityCount', { count: 0 })).toBe('0 actividades');
    expect(getT('es')('errors.bulk_rows_invalid', { count: 12500 })).toBe('12.500 filas del archivo tienen errores. No se cambió nada.');
    expect(getT('en')('errors.bulk_rows_invalid', { count: 1 })).toBe('1 row of the file has errors. Nothing was changed.');
    expect(getT('en')('errors.bulk_rows_invalid', { count: 12500 })).toBe('12,500 rows of the file have errors. Nothing was changed.');
  });

  it('keep the contract texts word for word', () => {
    expect(getT('es')('toast.sent')).toBe('Enviado Correctamente!');
    expect(getT('en')('toast.sent')).toBe('Sent Successfully!');
    expect(getT('es')('toast.sendError')).toBe('Error al enviar, vuelve a intentarlo');
    expect(getT('en')('toast.sendError')).toBe('Error sending, please try again');
    expect(getT('es')('maintenance.default')).toBe('Mantenimiento en curso');
    expect(getT('en')('home.noCourses')).toBe('There are no courses to show');
  });

  it('the compiled translator (server and islands) renders every key exactly as i18next does, plurals and numbers included', () => {
    const es = allMessages('es');
    const en = allMessages('en');
    const params: Record<string, unknown> = {};
    for (const template of [...Object.values(es), ...Object.values(en)]) {
      for (const [, name, format] of template.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+))?/g)) params[name!] = format === 'number' || typeof params[name!] === 'number' ? 12345 : `<${name}>`;
    }
    for (const [lang, messages] of [['es', es], ['en', en]] as const) {
      const island = createIslandTranslator(lang, messages);
      const keys = new Set(Object.keys(messages).map((key) => key.replace(PLURAL_SUFFIX, '')));
      for (const key of keys) {
        for (const count of [0, 1, 2, 1_000_000]) {
          const reference = getReferenceT(lang)(key, { ...params, count });
          expect(island(key, { ...params, count }), `${lang} ${key} ${count}`).toBe(reference);
          expect(getT(lang)(key, { ...params, count }), `${lang} ${key} ${count}`).toBe(reference);
        }
        expect(getT(lang)(key), `${lang} ${key}`).toBe(getReferenceT(lang)(key));
      }
    }
  }, 30_000); // Every key of both languages: seconds on a loaded 2-core machine (it took 7 s with two suites running).
});

describe('language choice', () => {
  it('defaults to Spanish and accepts only supported languages', () => {
    expect(resolveLanguage(undefined)).toBe('es');
    expect(resolveLanguage('en-US')).toBe('en');
    expect(resolveLanguage('fr')).toBe('es');
    expect(languageFromAcceptHeader('fr-FR,en;q=0.8')).toBe('en');
    expect(languageFromAcceptHeader('fr-FR')).toBeNull();
  });
});

describe('translation loading', () => {
  it('is configured for 5 retries and 10 parallel reads', () => {
    expect(I18N_OPTIONS.maxRetries).toBe(5);
    expect(I18N_OPTIONS.maxParallelReads).toBe(10);
  });

  it('retries a failing read and loads the dictionary once it succeeds', async () => {
    let attempts = 0;
    const backend = createDictionaryBackend(async () => {
      attempts += 1;
      if (attempts < 4) throw new Error('disk busy');
      return { 'home.title': 'Inicio' };
    });
    const instance = i18next.createInstance();
    await instance.use(backend).init({ ...I18N_OPTIONS, lng: 'es', retryTimeout: 1 } as never);
    expect(attempts).toBe(4);
    expect(instance.t('home.title')).toBe('Inicio');
  });

  it('gives up after the fifth retry', async () => {
    let attempts = 0;
    const backend = createDictionaryBackend(async () => {
      attempts += 1;
      throw new Error('gone');
    });
    const instance = i18next.createInstance();
    await instance.use(backend).init({ ...I18N_OPTIONS, lng: 'es', retryTimeout: 1 } as never);
    expect(attempts).toBe(6);
    expect(instance.t('home.title')).toBe('home.title');
  });
});
