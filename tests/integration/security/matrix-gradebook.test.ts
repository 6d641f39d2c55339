import { ROWS } from './rows/gradebook';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('gradebook', ROWS);
