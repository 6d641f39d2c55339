/**
 * The offer to install Senda (islands/shell/InstallPrompt.tsx): it shows once,
 * from the second visit, when the browser says the app can be installed;
 * either button closes it for good, by keyboard as by touch.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import InstallPrompt from '~/islands/shell/InstallPrompt';
import { countVisit, INSTALLABLE_EVENT, OFFLINE_STUDY_KEY, type InstallPromptWindow } from '~/lib/client/install-prompt';
import { MemoryStorage } from '../support/memory-storage';

const messages = { es: pickMessages('es', ['install.']), en: pickMessages('en', ['install.']) };

/** The browser's install offer, as the early script keeps it (lib/client/register-service-worker.ts). */
function offerInstall() {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt'), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
  act(() => {
    (window as Window & InstallPromptWindow).sendaInstallPrompt = event;
    window.dispatchEvent(new Event(INSTALLABLE_EVENT));
  });
  return prompt;
}

/** A visit in an earlier browser session. */
const earlierVisit = () => countVisit(window.localStorage, new MemoryStorage());

function renderPrompt(lang: 'es' | 'en' = 'es') {
  window.sessionStorage.clear();
  return render(<InstallPrompt lang={lang} messages={messages[lang]} />);
}

describe('the install offer', () => {
  afterEach(() => delete (window as Window & InstallPromptWindow).sendaInstallPrompt);

  it('stays away on the first visit, even when the browser offers to install', () => {
    renderPrompt();
    offerInstall();
    expect(screen.queryByRole('complementary', { name: 'Instala Senda en tu teléfono' })).toBeNull();
  });

  it('shows on the second visit, and Instalar asks the browser to install', async () => {
    earlierVisit();
    renderPrompt();
    const prompt = offerInstall();
    const offer = screen.getByRole('complementary', { name: 'Instala Senda en tu teléfono' });
    await userEvent.click(screen.getByRole('button', { name: 'Instalar' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(offer.isConnected).toBe(false);
    // Installed: this device now studies offline (its service worker registers from here on).
    await waitFor(() => expect(window.localStorage.getItem(OFFLINE_STUDY_KEY)).toBe('on'));
  });

  it('leaves the device as it was when the person dismisses the browser\'s own install dialog', async () => {
    earlierVisit();
    renderPrompt();
    const prompt = vi.fn(async () => {});
    act(() => {
      (window as Window & InstallPromptWindow).sendaInstallPrompt = Object.assign(new Event('beforeinstallprompt'), { prompt, userChoice: Promise.resolve({ outcome: 'dismissed' as const }) });
      window.dispatchEvent(new Event(INSTALLABLE_EVENT));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Instalar' }));
    expect(prompt).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.localStorage.getItem(OFFLINE_STUDY_KEY)).toBeNull();
  });

  it('closes with the keyboard on "Ahora no" and never shows again', async () => {
    earlierVisit();
    const { unmount } = renderPrompt();
    offerInstall();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ahora no' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('complementary')).toBeNull();
    unmount();

    // A later visit, with the browser offering again: nothing.
    earlierVisit();
    renderPrompt();
    offerInstall();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('speaks English to an English reader', () => {
    earlierVisit();
    renderPrompt('en');
    offerInstall();
    expect(screen.getByRole('complementary', { name: 'Install Senda on your phone' }).textContent).toContain('Open it from your home screen');
    expect(screen.getByRole('button', { name: 'Not now' })).toBeTruthy();
  });
});
