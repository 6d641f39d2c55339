import { ROWS } from './rows/content';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('content', ROWS);
