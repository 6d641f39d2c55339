import { defineConfig } from 'auth-astro';
import { buildAuthConfig } from './src/lib/server/services/auth/auth-js';

// AUTH_SECRET and AUTH_TRUST_HOST are read from process.env inside
// buildAuthConfig at run time (the secret through a getter, which
// Object.assign keeps), so nothing secret is baked into the build.
export default defineConfig(Object.assign(buildAuthConfig(), { prefix: '/api/auth' }));
