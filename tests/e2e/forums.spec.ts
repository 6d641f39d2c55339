/**
 * Issue 13, done means: two browsers on the cohort's forum. One starts a
 * thread, comments and likes; the other sees each appear without reloading.
 * A mention raises the other person's notification count in the header, and
 * the notifications page takes them to the post; the bell also rings on a
 * page that is not a forum's. A student joins the live session that is on
 * now (attendance recorded) and finds the past one's recording; a recording
 * link that is not one is refused beside the field.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hydrated, islandsReady, signIn } from './support/app';
import { DEMO, DEMO_PASSWORD } from './support/servers';

const FORUM = 'Foro de la cohorte 2026-1';

async function personIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Opens the cohort forum from the sidebar, as a person would. */
async function openForum(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByRole('link', { name: 'Foros' }).first().click();
  await expect(page).toHaveURL(/\/forums$/);
  await page.getByRole('link', { name: FORUM }).click();
  await expect(page.getByRole('heading', { level: 1, name: FORUM })).toBeVisible();
  await hydrated(page, page.getByRole('button', { name: 'Nuevo hilo' }));
}

test('two people on a forum see each other’s threads, comments and likes live, and a mention rings the bell', async ({ browser }) => {
  const valentina = await personIn(browser, 'valentina@senda.test');
  const tutor = await personIn(browser, DEMO.tutor);
  await openForum(valentina);
  await openForum(tutor);

  // The tutor starts a thread: it appears on Valentina's forum page without a reload.
  await tutor.getByRole('button', { name: 'Nuevo hilo' }).click();
  const newThread = tutor.getByRole('form', { name: 'Nuevo hilo' });
  await newThread.getByLabel('Título').fill('Taller de repaso del viernes');
  await newThread.getByLabel('Mensaje').fill('Traigan sus dudas de **ciclos**.');
  await newThread.getByRole('button', { name: 'Publicar' }).click();
  await expect(tutor.getByRole('heading', { level: 1, name: 'Taller de repaso del viernes' })).toBeVisible();
  const threadList = valentina.getByRole('list', { name: 'Hilos del foro' });
  await expect(threadList.getByRole('link', { name: 'Taller de repaso del viernes' })).toBeVisible();

  // Valentina opens it; the tutor comments: it appears for her without a reload.
  await threadList.getByRole('link', { name: 'Taller de repaso del viernes' }).click();
  const commentForm = valentina.getByRole('form', { name: 'Escribe un comentario' });
  await hydrated(valentina, commentForm);
  const tutorForm = tutor.getByRole('form', { name: 'Escribe un comentario' });
  await hydrated(tutor, tutorForm);
  await tutorForm.getByLabel('Mensaje').fill('Empezamos a las 6 p. m.');
  await tutorForm.getByRole('button', { name: 'Comentar' }).click();
  const tutorComment = valentina.getByRole('article', { name: 'comentario de Tomás Rincón' });
  await expect(tutorComment).toContainText('Empezamos a las 6 p. m.');

  // She likes it: the tutor sees the count change without a reload; a second click takes it back.
  const like = tutorComment.getByRole('button', { name: /Me gusta: comentario de Tomás Rincón/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  const seenByTutor = tutor.getByRole('article', { name: 'comentario de Tomás Rincón' }).getByRole('button', { name: /Me gusta/ });
  await expect(seenByTutor).toContainText('1');

  // She answers mentioning him, picked from the suggestions: his bell counts it.
  const bell = tutor.getByRole('link', { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName('Notificaciones');
  await commentForm.getByLabel('Mensaje').fill('Allí estaré, @Tom');
  await commentForm.getByRole('button', { name: '@Tomás Rincón' }).click();
  await expect(commentForm.getByLabel('Mensaje')).toHaveValue(/Allí estaré, @\[Tomás Rincón\]\(\d+\) /);
  await commentForm.getByRole('button', { name: 'Comentar' }).click();
  await expect(tutor.getByRole('article', { name: 'comentario de Valentina Ospina' })).toContainText('Allí estaré, @Tomás Rincón');
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin ver');
  await bell.click();
  await expect(tutor.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
  await tutor.getByRole('link', { name: 'Valentina Ospina te mencionó en «Taller de repaso del viernes»' }).click();
  await expect(tutor.getByRole('heading', { level: 1, name: 'Taller de repaso del viernes' })).toBeVisible();
  await expect(tutor.getByRole('link', { name: /^Notificaciones/ })).toHaveAccessibleName('Notificaciones');

  await valentina.context().close();
  await tutor.context().close();
});

/** The unseen count the header's bell says ("Notificaciones" is none). */
async function unseenOn(page: Page): Promise<number> {
  const name = await page.getByRole('link', { name: /^Notificaciones/ }).locator('[data-bell-label]').textContent();
  return Number(/(\d+) sin ver/.exec(name ?? '')?.[1] ?? 0);
}

test('the bell rings on any page: a mention reaches the tutor on /home without a reload', async ({ browser }) => {
  const tutor = await personIn(browser, DEMO.tutor);
  await tutor.goto('/home');
  await islandsReady(tutor);
  const before = await unseenOn(tutor);

  const valentina = await personIn(browser, 'valentina@senda.test');
  await openForum(valentina);
  await valentina.getByRole('list', { name: 'Hilos del foro' }).getByRole('link').first().click();
  await islandsReady(valentina);
  const form = valentina.getByRole('form', { name: 'Escribe un comentario' });
  await form.getByLabel('Mensaje').fill('Profe, una pregunta: @Tom');
  await form.getByRole('button', { name: '@Tomás Rincón' }).click();
  await form.getByRole('button', { name: 'Comentar' }).click();
  await expect(valentina.getByText('Comentario publicado.')).toBeVisible();

  // The tutor never left /home: the count moved by itself.
  await expect(tutor.getByRole('link', { name: /^Notificaciones/ })).toHaveAccessibleName(`Notificaciones: ${before + 1} sin ver`);
  await valentina.context().close();
  await tutor.context().close();
});

test('a long thread shows its first 20 comments; «Ver más comentarios», from the keyboard, brings the rest and moves the focus to them; the first page hydrates as rendered', async ({ page }) => {
  // The tutor writes the thread and its 25 comments through the API (moderators are not rate limited).
  const login = await page.request.post('/api/v2/auth/login/', { data: { email: DEMO.tutor, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const forums = (await (await page.request.get('/api/v2/forums/', { headers: auth })).json()) as { id: number; title: string }[];
  const forum = forums.find((item) => item.title === FORUM)!;
  const thread = (await (await page.request.post(`/api/v2/forums/${forum.id}/threads/`, { headers: auth, data: { title: 'Dudas de la semana 3', body: 'Un hilo largo.' } })).json()) as { id: number };
  // The first page travels to the browser in a JSON block, with the reader's own Markdown: a post that tries to close the block stays text.
  const readerLogin = await page.request.post('/api/v2/auth/login/', { data: { email: 'valentina@senda.test', password: DEMO_PASSWORD } });
  const reader = { authorization: `Bearer ${((await readerLogin.json()) as { accessToken: string }).accessToken}` };
  const closing = await page.request.post('/api/v2/comments/', { headers: reader, data: { thread: thread.id, body: 'Mi duda </script><script>window.pwned = true</script>' } });
  expect(closing.status()).toBe(201);
  for (let n = 1; n <= 25; n++) {
    const created = await page.request.post('/api/v2/comments/', { headers: auth, data: { thread: thread.id, body: `Respuesta número ${n}` } });
    expect(created.status()).toBe(201);
  }
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Minified React error|hydrat/i.test(message.text())) errors.push(message.text());
  });

  await signIn(page, 'valentina@senda.test');
  await page.goto(`/forums/threads/${thread.id}`);
  await islandsReady(page);
  expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  // The server renders useId's ids with the island's prefix, as the browser's hydration does (build/react-renderer.mjs).
  const served = await (await page.request.get(`/forums/threads/${thread.id}`)).text();
  const generatedIds = [...served.matchAll(/ id="(_[^"]*R_[^"]*)"/g)].map((match) => match[1]!);
  expect(generatedIds.length).toBeGreaterThan(0);
  for (const id of generatedIds) expect(id).toMatch(/^_r\d+R_/);
  await expect(page.getByText('Se muestran 20 de 26 comentarios')).toBeVisible();
  await expect(page.getByRole('article', { name: 'comentario de Valentina Ospina' })).toContainText('Mi duda');
  await expect(page.getByRole('article', { name: 'comentario de Tomás Rincón' })).toHaveCount(19);
  const more = page.getByRole('button', { name: 'Ver más comentarios' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: 'comentario de Tomás Rincón' })).toHaveCount(25);
  await expect(page.getByText('Respuesta número 25')).toBeVisible();
  await expect(more).toHaveCount(0);
  // The focus is on the first comment it brought, so the keyboard goes on from there.
  await expect(page.locator('li.comment:focus')).toContainText('Respuesta número 20');
  // The server's render and the browser's agree (no hydration error), the data block's page included.
  expect(errors).toEqual([]);
});

test('a student joins the live session on now, and finds the past one’s recording', async ({ page }) => {
  // The meeting service is outside our walls: its room answers from here.
  await page.context().route('https://meet.example.co/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Sala</title>' }));
  await signIn(page, 'valentina@senda.test');
  await page.getByRole('link', { name: 'Transmisiones en vivo' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transmisiones en vivo' })).toBeVisible();
  const join = page.getByRole('button', { name: 'Unirme a Tutoría en vivo: ciclos y funciones' });
  await hydrated(page, join);
  const popup = page.waitForEvent('popup');
  await join.click();
  await expect(page.getByText('Registramos tu asistencia.')).toBeVisible();
  expect((await popup).url()).toContain('meet.example.co/senda-tutoria');
  // Not yet open: the next class's button waits for its window.
  await expect(page.getByRole('button', { name: 'Se habilita 10 minutos antes' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Ver la grabación de Clase en vivo: introducción a la programación' })).toHaveAttribute('href', /grabacion/);

  // The tutor downloads the session's attendance: Valentina is in it.
  const tutor = await personIn(page.context().browser()!, DEMO.tutor);
  await tutor.goto('/live');
  const download = tutor.waitForEvent('download');
  await tutor.getByRole('link', { name: 'Descargar la asistencia de Tutoría en vivo: ciclos y funciones en CSV' }).click();
  const file = await download;
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toMatch(/Ospina, Valentina.*valentina@senda\.test.*Sí/);

  // And sets the past class's recording (the message for a link that is not one: tests/components/forum-islands.test.tsx).
  const recording = tutor.getByRole('form', { name: 'Grabación de Clase en vivo: introducción a la programación' });
  await recording.scrollIntoViewIfNeeded();
  await hydrated(tutor, recording);
  // A link that is not one: the contract's message beside the field, nothing saved.
  await recording.getByLabel('Link de la grabación').fill('la grabación está en el drive');
  await recording.getByRole('button', { name: 'Guardar' }).click();
  await expect(recording.getByText('Ingrese un link válido')).toBeVisible();
  await expect(recording.getByLabel('Link de la grabación')).toHaveAttribute('aria-invalid', 'true');
  await recording.getByLabel('Link de la grabación').fill('https://video.example.co/nueva-grabacion');
  await recording.getByRole('button', { name: 'Guardar' }).click();
  await expect(tutor.getByText('Grabación guardada.')).toBeVisible();
  await tutor.reload();
  await expect(tutor.getByRole('link', { name: 'Ver la grabación de Clase en vivo: introducción a la programación' })).toHaveAttribute('href', 'https://video.example.co/nueva-grabacion');
  await tutor.context().close();
});

test('a student reports a comment; the tutor finds it among the forum’s reports and marks it reviewed; on a phone nothing scrolls sideways', async ({ browser }) => {
  const valentina = await personIn(browser, 'valentina@senda.test');
  await valentina.setViewportSize({ width: 390, height: 844 });
  await valentina.goto('/forums');
  await valentina.getByRole('link', { name: FORUM }).click();
  await valentina.getByRole('link', { name: '¿Cuándo usar un ciclo for y cuándo un while?' }).click();
  const answer = valentina.getByRole('article', { name: 'comentario de Tomás Rincón' });
  await hydrated(valentina, answer);
  expect(await valentina.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await answer.getByRole('button', { name: 'Reportar comentario de Tomás Rincón' }).click();
  const report = valentina.getByRole('form', { name: 'Reportar comentario de Tomás Rincón' });
  await report.getByLabel('¿Qué pasa? (opcional)').fill('Quiero que lo revisen');
  await report.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(valentina.getByText('Gracias: los moderadores revisarán el reporte.')).toBeVisible();

  const tutor = await personIn(browser, DEMO.tutor);
  await openForum(tutor);
  const reports = tutor.getByRole('region', { name: /reporte por revisar/ });
  await expect(reports).toContainText('Quiero que lo revisen');
  await reports.getByRole('button', { name: 'Marcar como revisado' }).click();
  await expect(tutor.getByRole('region', { name: /reporte/ })).toHaveCount(0);
  await valentina.context().close();
  await tutor.context().close();
});
