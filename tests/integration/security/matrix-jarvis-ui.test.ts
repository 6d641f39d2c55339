import { ROWS } from './rows/jarvis-ui';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('jarvis-ui', ROWS);
