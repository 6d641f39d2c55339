import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Runs the operator CLI as an operator would, against a data directory whose server (this test process) is running. */
async function runCliBesideServer(args: string[], lang: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'senda-cli-'));
  writeFileSync(join(dataDir, 'server.pid'), String(process.pid));
  const env: NodeJS.ProcessEnv = { ...process.env, SENDA_DATA_DIR: dataDir, LANG: lang, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  return promisify(execFile)('npm', ['run', '--silent', 'senda', '--', ...args], { cwd: ROOT, env, encoding: 'utf8' }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

describe('the operator CLI beside a running server on PGlite', () => {
  it('says that seed-scale needs the database to itself, in the operator\'s language (issue 7: it blamed the control socket)', async () => {
    const spanish = await runCliBesideServer(['seed-scale', '--scale', '1'], 'es_CO.UTF-8');
    expect(spanish.code).toBe(1);
    expect(spanish.stderr).toContain('El servidor está en ejecución y seed-scale necesita la base de datos integrada para él solo');
    const english = await runCliBesideServer(['seed'], 'en_US.UTF-8');
    expect(english.code).toBe(1);
    expect(english.stderr).toContain('The server is running and seed needs the embedded database to itself');
  }, 60_000);
});
