import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { allMessages, createDictionaryBackend, getT, listKeys } from '~/i18n';
import { createIslandTranslator } from '~/i18n/islands';
import { I18N_OPTIONS, languageFromAcceptHeader, resolveLanguage } from '~/i18n/options';

describe('dictionaries', () => {
  it('English has exactly the Spanish keys (Spanish is the source of truth)', () => {
    expect(listKeys('en').sort()).toEqual(listKeys('es').sort());
  });

  it('keep the contract texts word for word', () => {
    expect(getT('es')('toast.sent')).toBe('Enviado Correctamente!');
    expect(getT('en')('toast.sent')).toBe('Sent Successfully!');
    expect(getT('es')('toast.sendError')).toBe('Error al enviar, vuelve a intentarlo');
    expect(getT('en')('toast.sendError')).toBe('Error sending, please try again');
    expect(getT('es')('maintenance.default')).toBe('Mantenimiento en curso');
    expect(getT('en')('home.noCourses')).toBe('There are no courses to show');
  });

  it('the islands translator renders every key like the server does', () => {
    const es = allMessages('es');
    const en = allMessages('en');
    // Every {{name}} any template uses gets a value; `count` stays a number for plurals.
    const params: Record<string, unknown> = { count: 2 };
    for (const template of [...Object.values(es), ...Object.values(en)]) {
      for (const [, name] of template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) params[name!] ??= `<${name}>`;
    }
    for (const [lang, messages] of [['es', es], ['en', en]] as const) {
      const island = createIslandTranslator(lang, messages);
      for (const key of Object.keys(messages)) {
        if (/_(one|other)$/.test(key)) continue;
        expect(island(key, params), `${lang} ${key}`).toBe(getT(lang)(key, params));
      }
      expect(island('home.activityCount', { count: 1 })).toBe(getT(lang)('home.activityCount', { count: 1 }));
      expect(island('home.activityCount', { count: 5 })).toBe(getT(lang)('home.activityCount', { count: 5 }));
    }
  });
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
