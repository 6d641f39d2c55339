/** The structure screen's texts that the programs islands reuse (row actions, toasts): the pages send only these. */
export const STRUCTURE_KEYS_REUSED = [
  'admin.structure.editNamed',
  'admin.structure.archiveNamed',
  'admin.structure.restoreNamed',
  'admin.structure.created',
  'admin.structure.archived',
  'admin.structure.restored',
] as const;
