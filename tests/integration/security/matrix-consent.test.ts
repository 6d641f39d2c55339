import { ROWS } from './rows/consent';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('consent', ROWS);
