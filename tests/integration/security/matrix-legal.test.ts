import { ROWS } from './rows/legal';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('legal', ROWS);
