import { defineEndpoint } from '~/lib/server/http/endpoint';
import { errorResponse } from '~/lib/server/http/respond';
import { SPREADSHEET_ERRORS } from '~/lib/server/spreadsheets/read-sheet-rows';
import { importUsers } from '~/lib/server/services/people/import-users/import-users';
import {
  USERS_IMPORT_MAX_BYTES,
  USERS_IMPORT_MAX_LABEL,
  UsersImportBodySchema,
  UsersImportQuerySchema,
  UsersImportResultSchema,
  type UsersImportEvent,
} from '~/lib/shared/schemas/users-import';

const NDJSON = 'application/x-ndjson';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/users/bulk-users/',
  summary:
    'Create and update accounts from one CSV (`,` or `;`, UTF-8, UTF-16 or Windows-1252) or XLSX file (`file`, up to 8 MB and 10,000 rows) with Spanish or English headers: the person form\'s columns, type, language, status, and optional cohort (id or name) and role. All or nothing, with a per-row report in `error.fields` (`rows.<row>.<column>`) in the caller\'s language; `?dryRun=true` only checks and answers the preview; new accounts get an invitation e-mail unless `?invite=false`. With `Accept: application/x-ndjson` the commit streams `{"progress":{done,total}}` lines, then `{"result":…}` or `{"error":…}`. Platform admins',
  tags: ['users'],
  access: 'user',
  query: UsersImportQuerySchema,
  body: UsersImportBodySchema,
  upload: { maxFileBytes: USERS_IMPORT_MAX_BYTES, maxFileLabel: USERS_IMPORT_MAX_LABEL },
  success: { status: 200, description: 'Accounts created and updated (or that would be, in a dry run)', schema: UsersImportResultSchema },
  errors: [...SPREADSHEET_ERRORS, 'bulk_rows_invalid', 'bulk_too_many_rows', 'forbidden'],
  handle: async ({ query, body, caller, request, lang }) => {
    const options = { dryRun: query.dryRun, invite: query.invite };
    const streams = !query.dryRun && (request.headers.get('accept') ?? '').includes(NDJSON);
    if (!streams) return { body: await importUsers(caller, body.file.data, options) };

    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    // `start` runs at once, so the controller is there before any event.
    const stream = new ReadableStream<Uint8Array>({ start: (given) => void (controller = given) });
    const send = (event: UsersImportEvent) => {
      try {
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      } catch {
        // The client went away; the import still finishes (or rolls back) on its own.
      }
    };
    let commitStarted!: () => void;
    const committing = new Promise<void>((resolve) => (commitStarted = resolve));
    const work = importUsers(caller, body.file.data, {
      ...options,
      onProgress: (done, total) => {
        commitStarted();
        send({ progress: { done, total } });
      },
    });
    // The file is checked before answering: a bad file is still a plain 4xx; only the commit streams.
    await Promise.race([committing, work]);
    void work
      .then(
        (result) => send({ result }),
        async (error: unknown) => send({ error: ((await errorResponse(error, lang).json()) as { error: Extract<UsersImportEvent, { error: unknown }>['error'] }).error }),
      )
      .finally(() => {
        try {
          controller.close();
        } catch {
          // Already closed by a client that went away.
        }
      });
    return new Response(stream, { status: 200, headers: { 'Content-Type': `${NDJSON}; charset=utf-8`, 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' } });
  },
});
