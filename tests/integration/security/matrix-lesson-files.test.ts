import { ROWS } from './rows/lesson-files';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('lesson-files', ROWS);
