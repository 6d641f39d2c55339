import { ROWS } from './rows/news-banners';
import { defineSecurityMatrix } from './define-matrix';

defineSecurityMatrix('news-banners', ROWS);
