import { ROWS } from './rows/offline';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('offline', ROWS);
