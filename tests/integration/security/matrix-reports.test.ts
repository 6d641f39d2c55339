import { ROWS } from './rows/reports';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('reports', ROWS);
