/**
 * The app shell of pages without React (lessons, courses): the same session,
 * language and maintenance work as the React shell, a plain logout button,
 * and a plain alert for the maintenance warning. Keeps those pages' JS small.
 */
import type { Language } from '~/lib/shared/constants';
import { getFlowDeps } from './app-client';
import { logout } from './session-flows';
import { startShellEffects } from './shell-effects';

interface LightShellConfig {
  lang: Language;
  langChosen: boolean;
  pollIntervalS: number;
  maintenance: { enabled: boolean; message: string } | null;
  /** 'maintenance.warning' in the page's language, with {{message}}. */
  warningTemplate: string;
}

function showAlert(text: string): void {
  const alert = document.createElement('div');
  alert.className = 'light-alert';
  alert.setAttribute('role', 'alert');
  alert.textContent = text;
  document.body.append(alert);
}

export function startLightShell(): void {
  const config = JSON.parse(document.querySelector('#light-shell-config')?.textContent ?? 'null') as LightShellConfig | null;
  if (!config) return;
  document.querySelector<HTMLButtonElement>('#logout-button')?.addEventListener('click', (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    void logout(getFlowDeps());
  });
  startShellEffects({
    ...config,
    warnMaintenance: (message) => showAlert(config.warningTemplate.replace('{{message}}', message)),
  });
}
