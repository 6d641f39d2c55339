import { ROWS } from './rows/bulk-users';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('bulk-users', ROWS);
