import { ROWS } from './rows/certificates';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('certificates', ROWS);
