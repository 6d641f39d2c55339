import { ROWS } from './rows/people';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('people', ROWS);
