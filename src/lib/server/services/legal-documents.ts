/**
 * The terms and conditions and the privacy notice, in Spanish and English.
 * Senda ships a default text for each (src/i18n, legal.*.md); once an admin
 * writes a language's text it replaces the default, kept in the settings
 * table under `legal:<document>`. Every server drops its copy when it changes.
 */
import { eq } from 'drizzle-orm';
import { getT } from '~/i18n';
import { LANGUAGES, type Language } from '~/lib/shared/constants';
import type { LegalDocument, LegalDocumentName, UpdateLegalDocumentBody } from '~/lib/shared/schemas/legal';
import { requireEditLegalTexts, type Caller } from '~/lib/server/access/permissions';
import { defineCache } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { settings } from '~/lib/server/db/schema';

interface StoredLegalDocument {
  /** An admin's text per language; missing or empty: the default. */
  texts: Partial<Record<Language, string>>;
  updatedAt: string;
}

const settingKeyOf = (document: LegalDocumentName) => `legal:${document}`;

/** Never edited: no texts, no date. */
const NOT_EDITED: StoredLegalDocument = { texts: {}, updatedAt: '' };

const storedDocuments = defineCache<LegalDocumentName, StoredLegalDocument>({
  ttlMs: 10 * 60_000,
  max: 10,
  invalidatedBy: { settings: (keys) => (keys.key ?? []).map(String).filter((key) => key.startsWith('legal:')).map((key) => key.slice('legal:'.length) as LegalDocumentName) },
});

function readStored(document: LegalDocumentName): Promise<StoredLegalDocument> {
  return storedDocuments.getOrLoad(document, async () => {
    const db = await getDb();
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, settingKeyOf(document)));
    return (row?.value as StoredLegalDocument | undefined) ?? NOT_EDITED;
  });
}

/** A legal document in both languages, the admins' text where there is one and Senda's default elsewhere (public). */
export async function getLegalDocument(document: LegalDocumentName): Promise<LegalDocument> {
  const stored = await readStored(document);
  const textOf = (lang: Language) => {
    const written = stored.texts[lang]?.trim() ? stored.texts[lang]! : null;
    return { bodyMd: written ?? getT(lang)(`legal.${document}.md`), isDefault: written === null };
  };
  return { document, es: textOf('es'), en: textOf('en'), updatedAt: stored.updatedAt || null };
}

/** Replaces a legal document's texts (platform admins); an empty text goes back to the default for that language. */
export async function updateLegalDocument(caller: Caller, document: LegalDocumentName, input: UpdateLegalDocumentBody): Promise<LegalDocument> {
  requireEditLegalTexts(caller);
  const texts: Partial<Record<Language, string>> = {};
  for (const lang of LANGUAGES) if (input[lang].trim()) texts[lang] = input[lang];
  const value: StoredLegalDocument = { texts, updatedAt: new Date().toISOString() };
  const db = await getDb();
  await db
    .insert(settings)
    .values({ key: settingKeyOf(document), value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return getLegalDocument(document);
}
