/**
 * The accessibility sweep on a 390 px phone (tests/e2e/support/accessibility-sweep.ts), on a server of its own
 * (A11Y_PHONE_SERVER) so that it runs beside the desktop's.
 */
import { test } from '@playwright/test';
import { sweepPages } from './support/accessibility-sweep';
import { useOwnServer } from './support/own-server';
import { A11Y_PHONE_SERVER } from './support/servers';

useOwnServer(A11Y_PHONE_SERVER);

// A sweep of a dozen to twenty pages, each checked by axe: more than the default minute on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

sweepPages('phone');
