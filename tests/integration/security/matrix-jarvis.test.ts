import { ROWS } from './rows/jarvis';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('jarvis', ROWS);
