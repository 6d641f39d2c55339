import { ROWS } from './rows/release';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('release', ROWS);
