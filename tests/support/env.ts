// Test environment: a fixed secret and quiet logs; set before any module reads them.
process.env.NODE_ENV = 'test';
process.env.AUTH_SECRET ??= 'test-secret-that-is-long-enough-for-hkdf-0123456789';
process.env.LOG_LEVEL = 'silent';
process.env.AUTH_TRUST_HOST = 'true';
