import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE_URL = pathToFileURL(resolve(import.meta.dirname, '../../src/lib/server/boot/idle-memory.ts')).href;

/**
 * A process that allocates a burst (as a rush of requests does), drops it and
 * then idles; with `nudge` it runs keepMemoryReducerWorking. Resolves with
 * what V8 printed about its memory reducer, once the reducer has started a
 * collection or after `waitMs`.
 */
function burstThenIdle(nudge: boolean, waitMs: number): Promise<{ reducerStarted: boolean; heapAfterMb: number | null }> {
  const script = `
    ${nudge ? `const { keepMemoryReducerWorking } = await import(${JSON.stringify(MODULE_URL)}); keepMemoryReducerWorking();` : ''}
    let kept = [];
    for (let round = 0; round < 60; round++) {
      kept.push(Array.from({ length: 50_000 }, (_, i) => ({ round, i, text: 'x'.repeat(20) + i })));
      if (kept.length > 10) kept.shift();
    }
    kept = null;
    console.log('burst done');
    setInterval(() => console.log('heap ' + (process.memoryUsage().heapTotal / 1048576).toFixed(1)), 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--trace-memory-reducer', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done) => {
    let output = '';
    let afterBurst = false;
    let heapAfterMb: number | null = null;
    const finish = (reducerStarted: boolean) => {
      clearTimeout(timer);
      child.kill();
      done({ reducerStarted, heapAfterMb });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'burst done') afterBurst = true;
        const heap = /^heap ([\d.]+)$/.exec(line);
        if (heap) heapAfterMb = Number(heap[1]);
        if (afterBurst && line.includes('Memory reducer: started GC')) setTimeout(() => finish(true), 1_500);
      }
    });
  });
}

describe('keepMemoryReducerWorking', () => {
  it('lets an idle process run V8’s memory reducer after a burst, so the heap shrinks back', { timeout: 60_000 }, async () => {
    const { reducerStarted, heapAfterMb } = await burstThenIdle(true, 45_000);
    expect(reducerStarted).toBe(true);
    // The burst grew the heap well past 100 MB; the reducer's collection gives it back.
    expect(heapAfterMb).not.toBeNull();
    expect(heapAfterMb!).toBeLessThan(40);
  });
});
