/** A column header or key as compared: lower case, no accents, spaces and dashes as `_` ("Correo electrónico" → "correo_electronico"). */
export const normalizeHeaderName = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
