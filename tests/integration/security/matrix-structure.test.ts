import { ROWS } from './rows/structure';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('structure', ROWS);
