/**
 * The sign-in page without React (it must stay tiny and work without
 * JavaScript): clears what a previous session left in storage, keeps
 * currentSettings, and signs in through the Auth.js client with inline errors.
 */
import { resolveLanguage } from '~/i18n/options';
import { getSession, signIn, signOut } from './auth-client';
import { keepDownloadsOnlyFor } from './offline-downloads';
import { forgetDownloads, forgetOfflinePages } from './offline-pages';
import { isRemoveSessionSet, writeCurrentSettings } from './storage';
import { STORAGE_KEYS } from '~/lib/shared/storage-keys';

const SESSION_KEYS = [STORAGE_KEYS.accessData, STORAGE_KEYS.userInfo, STORAGE_KEYS.aiFeedback, STORAGE_KEYS.logged];

export function startSigninPage(): void {
  const storage = window.localStorage;
  if (isRemoveSessionSet(storage)) {
    storage.clear();
    void forgetDownloads(storage);
    void signOut().catch(() => undefined);
  }
  // Reaching /signin means there is no server session: stale tokens go (logout "then clear local storage"), and so do
  // the pages the last person kept offline: whoever signs in next must not read them (ADR 032).
  for (const key of SESSION_KEYS) storage.removeItem(key);
  const pagesForgotten = forgetOfflinePages();
  writeCurrentSettings(storage, { lang: resolveLanguage(document.documentElement.lang) });

  const form = document.querySelector<HTMLFormElement>('#signin-form');
  const errorBox = document.querySelector<HTMLElement>('#signin-error');
  const messages = JSON.parse(document.querySelector('#signin-messages')?.textContent ?? '{}') as Record<string, string>;
  if (!form || !errorBox) return;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
    const label = button.textContent;
    button.disabled = true;
    button.textContent = button.dataset.busyLabel ?? label;
    const data = new FormData(form);
    const fields = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
    signIn('credentials', fields, String(data.get('callbackUrl') ?? '/home'))
      .then(({ url, error }) => {
        // The downloads stay only if the one who signed in made them (their token had expired); else they go first.
        if (!error) return void Promise.all([pagesForgotten, keepDownloadsOfSignedIn(storage)]).then(() => window.location.assign(url));
        if (error === 'MissingProvider') return void pagesForgotten.then(() => window.location.assign(url));
        const code = new URL(url, window.location.origin).searchParams.get('code');
        errorBox.textContent = messages[`signin.error.${code}`] ?? messages[`signin.error.${error}`] ?? messages['signin.error.Default'] ?? error;
        errorBox.hidden = false;
        button.disabled = false;
        button.textContent = label;
        form.querySelector<HTMLInputElement>('#password')?.focus();
      })
      // Network trouble: fall back to the plain form post (who signs in is then unknown here: the downloads go).
      .catch(() => void forgetDownloads(storage).then(() => form.submit()));
  });
}

/** Keeps the downloads if the person now signed in made them, forgets them otherwise (also when the session cannot be read). */
async function keepDownloadsOfSignedIn(storage: Storage): Promise<void> {
  const session = await getSession().catch(() => null);
  await keepDownloadsOnlyFor(storage, session?.user.idUser ?? null);
}
