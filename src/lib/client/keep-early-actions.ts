/**
 * A click or a submit before an island wakes up is kept, and done once it is
 * awake. On a slow phone the server-rendered button shows well before its
 * JavaScript runs: a click on it did nothing, with no sign of it, and a form's
 * submit button sent the form the browser's way (a GET of the same page with
 * the fields in its address). Typing is kept by keep-early-input.ts.
 *
 * `holdEarlyActions` runs inline in every page's <head>, before anything
 * paints (BaseLayout.astro writes it there, minified at build time:
 * `virtual:senda/hold-early-actions`, build/inline-scripts.mjs: it must use
 * nothing from outside its body). It listens first to every click and submit:
 * one on a control of an island not hydrated yet is stopped and kept, the island's
 * latest only, and the island is marked busy. `replayEarlyAction` runs from
 * the island's first effect, after the typing is caught up: it does the kept
 * action again, on the same control, now React's.
 */

/** The action kept for an island not hydrated yet. */
export interface EarlyAction {
  kind: 'click' | 'submit';
  /** The control's place in its island: child indexes from the island down. */
  path: number[];
  /** For a submit, the submitting button's place, if one was used. */
  submitterPath: number[] | null;
}

declare global {
  interface Window {
    /** Each waiting island's kept action (set by holdEarlyActions). */
    sendaEarlyActions?: WeakMap<Element, EarlyAction>;
  }
}

/**
 * Stops and keeps early clicks and submits. Bundled, minified, into each
 * page's <head> by build/inline-scripts.mjs (which knip cannot follow).
 * @public
 */
export function holdEarlyActions(win: Window): void {
  if (win.sendaEarlyActions) return;
  const kept = new WeakMap<Element, EarlyAction>();
  win.sendaEarlyActions = kept;
  const CONTROLS = 'button, input[type=submit], input[type=button], input[type=image], input[type=reset], input[type=checkbox], input[type=radio], summary, [role=button], [role=tab], [role=switch], [role=menuitem], [role=checkbox], [role=option]';
  const owned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  const waitingIsland = (element: Element): Element | null => {
    const island = element.closest('astro-island');
    return island && island.hasAttribute('ssr') && !owned(element) ? island : null;
  };
  const pathOf = (island: Element, element: Element): number[] => {
    const path: number[] = [];
    for (let node: Element = element; node !== island && node.parentElement; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return path;
  };
  const keep = (event: Event, island: Element, action: EarlyAction) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    kept.set(island, action);
    island.setAttribute('aria-busy', 'true');
  };
  win.document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
      if (!target || (target as HTMLButtonElement).disabled) return;
      const island = waitingIsland(target);
      if (island) keep(event, island, { kind: 'click', path: pathOf(island, target), submitterPath: null });
    },
    true,
  );
  win.document.addEventListener(
    'submit',
    (event) => {
      const form = event.target instanceof Element ? event.target : null;
      const island = form && waitingIsland(form);
      if (!form || !island) return;
      const submitter = (event as SubmitEvent).submitter;
      keep(event, island, { kind: 'submit', path: pathOf(island, form), submitterPath: submitter ? pathOf(island, submitter) : null });
    },
    true,
  );
}

/** The element at a kept path, if the island still has one there. */
function find(island: Element, path: number[]): Element | null {
  let node: Element | undefined = island;
  for (const index of path) node = node?.children[index];
  return node ?? null;
}

/** How long a kept action waits for its control to be enabled after hydration (a form waiting for the session, say). */
const ENABLED_WAIT_MS = 15_000;

const isDisabled = (element: Element | null | undefined): boolean => element instanceof HTMLButtonElement || element instanceof HTMLInputElement ? element.disabled : false;

/** Runs `act` once `control` is enabled: at once, or when its `disabled` goes (given up after ENABLED_WAIT_MS). */
function whenEnabled(control: Element | null | undefined, act: () => void, done: () => void): void {
  if (!control || !isDisabled(control)) {
    act();
    done();
    return;
  }
  const observer = new MutationObserver(() => {
    if (isDisabled(control)) return;
    stop();
    act();
  });
  const timer = setTimeout(stop, ENABLED_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    done();
  }
  observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
}

/**
 * Does an island's kept action, now that it is hydrated (called from its first
 * effect): on the same control, once it is enabled (an island may keep its
 * buttons disabled until it has read the session).
 */
export function replayEarlyAction(island: Element): void {
  const action = window.sendaEarlyActions?.get(island);
  if (!action) return;
  window.sendaEarlyActions!.delete(island);
  const done = () => island.removeAttribute('aria-busy');
  const target = find(island, action.path);
  if (action.kind === 'click') {
    if (target instanceof HTMLElement) whenEnabled(target, () => target.click(), done);
    else done();
    return;
  }
  if (!(target instanceof HTMLFormElement)) return done();
  const submitter = action.submitterPath ? find(island, action.submitterPath) : null;
  const usable = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined;
  const by = usable && usable.form === target ? usable : undefined;
  whenEnabled(by, () => target.requestSubmit(by), done);
}
