// Legacy clients sign in here; same operation as /api/v2/auth/login/.
export { POST } from './api/v2/auth/login';
