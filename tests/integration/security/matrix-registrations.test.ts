import { ROWS } from './rows/registrations';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('registrations', ROWS);
