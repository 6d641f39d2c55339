import { ROWS } from './rows/lesson-preview';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('lesson-preview', ROWS);
