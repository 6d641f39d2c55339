/**
 * The language switch is a plain form (it works without JavaScript): the page
 * reloads in the other language. With JavaScript, focus comes back where the
 * person was, on the switch, instead of dropping to the top of the page; when
 * the switch is folded away (the phone's user menu), on the main content.
 */
const FOCUS_AFTER_SWITCH_KEY = 'focusAfterLanguageSwitch';

export function startLanguageSwitch(): void {
  document.querySelectorAll<HTMLFormElement>('form.language-switch').forEach((form) =>
    form.addEventListener('submit', () => {
      try {
        window.sessionStorage.setItem(FOCUS_AFTER_SWITCH_KEY, '1');
      } catch {
        // Session storage refused: focus starts at the top, as without JavaScript.
      }
    }),
  );
  if (window.sessionStorage.getItem(FOCUS_AFTER_SWITCH_KEY) === null) return;
  window.sessionStorage.removeItem(FOCUS_AFTER_SWITCH_KEY);
  const pressed = [...document.querySelectorAll<HTMLElement>('form.language-switch [aria-pressed="true"]')].find((button) => button.checkVisibility());
  (pressed ?? document.getElementById('main'))?.focus();
}
