import { ROWS } from './rows/attendance';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('attendance', ROWS);
