/** A LIKE / ILIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` matched as themselves. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
