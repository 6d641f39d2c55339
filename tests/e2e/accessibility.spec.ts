/**
 * The accessibility sweep on a 1,366 px desktop (tests/e2e/support/accessibility-sweep.ts), and the proof that the
 * sweep sees a page that breaks its rules. On a server of its own (A11Y_SERVER): it starts quizzes and switches
 * languages as Valentina, which no other spec must find; the phone's sweep runs beside it on another.
 */
import { expect, test } from '@playwright/test';
import { sweepPages, violationsOn } from './support/accessibility-sweep';
import { useOwnServer } from './support/own-server';
import { A11Y_SERVER } from './support/servers';

useOwnServer(A11Y_SERVER);

// A sweep of a dozen to twenty pages, each checked by axe: more than the default minute on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

test('the sweep sees a violation when a page has one (an image without a text alternative, a button without a name, tiny tap targets side by side, a line wider than the screen)', async ({ page }) => {
  await page.goto('/signin');
  expect(await violationsOn(page)).toEqual([]);
  await page.evaluate(() => {
    document.querySelector('main')!.insertAdjacentHTML(
      'beforeend',
      `<img src="/favicon.svg"><button type="button"></button>
       <p><button type="button" style="all: unset; display: inline-block; width: 10px; height: 10px" aria-label="Uno">·</button><button type="button" style="all: unset; display: inline-block; width: 10px; height: 10px" aria-label="Dos">·</button></p>
       <div style="width: 3000px">Una línea demasiado ancha</div>`,
    );
  });
  const found = await violationsOn(page);
  expect(found.map((violation) => violation.split(' ')[0])).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'target-size', 'page-width:']));
});

sweepPages('desktop');
