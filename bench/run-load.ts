/** Starts one autocannon run (bench/load.ts) in its own process and answers its figures. */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LoadFigures, LoadOptions } from './load';

const root = resolve(import.meta.dirname, '..');

interface Hooks {
  /** Where long options are written (an argument holds 128 KB at most). */
  workDir: string;
  onStart?(child: ChildProcess): void;
  onExit?(child: ChildProcess): void;
}

export function runLoadProcess(options: LoadOptions, hooks: Hooks): Promise<LoadFigures> {
  // Long options (many students' cookies) go through a file.
  let argument = JSON.stringify(options);
  if (argument.length > 64_000) {
    const file = join(hooks.workDir, `load-${process.hrtime.bigint()}.json`);
    writeFileSync(file, argument);
    argument = `@${file}`;
  }
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench', 'load.ts'), argument], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    hooks.onStart?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      hooks.onExit?.(child);
      const line = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) {
        fail(new Error(`autocannon exited with ${code}: ${stderr.trim() || stdout.trim()}`));
        return;
      }
      done(JSON.parse(line) as LoadFigures);
    });
  });
}
