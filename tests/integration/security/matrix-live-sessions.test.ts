import { ROWS } from './rows/live-sessions';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('live-sessions', ROWS);
