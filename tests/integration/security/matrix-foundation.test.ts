import { ROWS } from './rows/foundation';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('foundation', ROWS);
