import { ROWS } from './rows/assignments';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('assignments', ROWS);
