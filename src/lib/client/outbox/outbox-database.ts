/** The outbox database's name, alone so the shell can look for it without loading the outbox (ADR 035). */
export const OUTBOX_DATABASE = 'senda-outbox';
