import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Test environment: a fixed secret and quiet logs; set before any module reads them.
process.env.NODE_ENV = 'test';
process.env.AUTH_SECRET ??= 'test-secret-that-is-long-enough-for-hkdf-0123456789';
process.env.LOG_LEVEL = 'silent';
process.env.AUTH_TRUST_HOST = 'true';
// Uploads (the storage adapter) go to a fresh temporary directory, never ./data.
process.env.SENDA_DATA_DIR = mkdtempSync(join(tmpdir(), 'senda-test-'));
