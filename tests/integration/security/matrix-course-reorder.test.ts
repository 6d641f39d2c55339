import { ROWS } from './rows/course-reorder';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('course-reorder', ROWS);
