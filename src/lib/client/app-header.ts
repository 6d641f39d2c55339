/**
 * The app header's behaviour on every signed-in page: the user menu (a
 * disclosure: name, role, language, sign-out) and, on a phone, the sidebar as
 * a drawer (focus kept inside while open, Escape or the backdrop closes it,
 * focus back on the menu button). Without JavaScript the same links open
 * them as the page's :target.
 */
const PHONE = window.matchMedia('(max-width: 800px)');
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The header's toggles are links (they work without JavaScript, see AppLayout): with it they act as buttons, Space included. */
function onActivate(control: HTMLElement, action: () => void): void {
  control.addEventListener('click', (event) => {
    event.preventDefault();
    action();
  });
  control.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    action();
  });
}

function startDrawer(header: HTMLElement): void {
  const opener = header.querySelector<HTMLElement>('[data-drawer-open]');
  const drawer = document.querySelector<HTMLElement>('[data-drawer]');
  const backdrop = document.querySelector<HTMLElement>('[data-drawer-backdrop]');
  const closer = drawer?.querySelector<HTMLElement>('[data-drawer-close]');
  if (!opener || !drawer || !backdrop || !closer) return;

  const isOpen = () => drawer.classList.contains('is-open');
  const close = (returnFocus = true) => {
    if (!isOpen()) return;
    drawer.classList.remove('is-open');
    drawer.removeAttribute('aria-modal');
    drawer.removeAttribute('role');
    backdrop.hidden = true;
    opener.setAttribute('aria-expanded', 'false');
    document.body.classList.remove('drawer-open');
    if (returnFocus) opener.focus();
  };
  const open = () => {
    drawer.classList.add('is-open');
    drawer.setAttribute('role', 'dialog');
    drawer.setAttribute('aria-modal', 'true');
    backdrop.hidden = false;
    opener.setAttribute('aria-expanded', 'true');
    document.body.classList.add('drawer-open');
    (drawer.querySelector<HTMLElement>('a[aria-current="page"]') ?? drawer.querySelector<HTMLElement>('a[href]'))?.focus();
  };
  onActivate(opener, () => (isOpen() ? close() : open()));
  onActivate(closer, () => close());
  backdrop.addEventListener('click', () => close());
  drawer.addEventListener('keydown', (event) => {
    if (!isOpen()) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the open drawer.
    const items = [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  // Back to a wide screen: the sidebar is a column again.
  PHONE.addEventListener('change', (change) => {
    if (!change.matches) close(false);
  });
}

function startUserMenu(header: HTMLElement): void {
  const menu = header.querySelector<HTMLElement>('[data-user-menu]');
  const toggle = menu?.querySelector<HTMLElement>('[data-user-menu-toggle]');
  if (!menu || !toggle) return;
  const setOpen = (open: boolean) => {
    menu.classList.toggle('is-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  onActivate(toggle, () => setOpen(!menu.classList.contains('is-open')));
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.classList.contains('is-open')) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!menu.contains(event.target as Node)) setOpen(false);
  });
}

export function startAppHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-topbar]');
  if (!header) return;
  startDrawer(header);
  startUserMenu(header);
  // The lesson page's course outline starts open on a wide screen, folded on a phone.
  if (!PHONE.matches) document.querySelectorAll<HTMLDetailsElement>('details[data-outline]').forEach((outline) => (outline.open = true));
}
