import { ROWS } from './rows/quizzes';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('quizzes', ROWS);
