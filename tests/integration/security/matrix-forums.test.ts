import { ROWS } from './rows/forums';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('forums', ROWS);
