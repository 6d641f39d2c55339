import { ROWS } from './rows/jarvis-ai';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('jarvis-ai', ROWS);
