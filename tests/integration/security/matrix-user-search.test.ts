import { ROWS } from './rows/user-search';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('user-search', ROWS);
