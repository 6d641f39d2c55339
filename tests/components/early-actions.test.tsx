/**
 * A click or a submit on an island before it hydrates is kept and done once
 * it has (lib/client/keep-early-actions.ts, from the page's <head>): on a slow
 * phone the button shows long before its JavaScript runs (issue 35; an e2e
 * run on a loaded machine sent the new-lesson form as a GET of the page).
 */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IslandI18n } from '~/i18n/islands';
import HOLD_EARLY_ACTIONS_SCRIPT from 'virtual:senda/hold-early-actions';

function NewCourse({ onCreate, onToggle }: { onCreate: (name: string) => void; onToggle: () => void }) {
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);
  return (
    <section>
      <button
        type="button"
        onClick={() => {
          setOpen(!open);
          onToggle();
        }}
      >
        Opciones
      </button>
      <form
        aria-label="Nuevo curso"
        onSubmit={(event) => {
          event.preventDefault();
          onCreate(name);
        }}
      >
        <input aria-label="Nombre" value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit">Crear</button>
      </form>
    </section>
  );
}

function Island(props: Parameters<typeof NewCourse>[0]) {
  return (
    <IslandI18n lang="es" messages={{}}>
      <NewCourse {...props} />
    </IslandI18n>
  );
}

let root: Root | null = null;

/** The island as the server sends it: its HTML inside an <astro-island ssr>, no React yet. */
function serverRendered() {
  // As Astro renders and hydrates an island: its `prefix` is React's identifierPrefix on both sides.
  document.body.innerHTML = `<astro-island ssr prefix="r7">${renderToString(<Island onCreate={() => {}} onToggle={() => {}} />, { identifierPrefix: 'r7' })}</astro-island>`;
  const island = document.querySelector('astro-island')!;
  const field = island.querySelector('input')!;
  const create = island.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const options = island.querySelector<HTMLButtonElement>('button[type=button]')!;
  /** What the browser itself would do with a submit nobody stopped. */
  const sentByTheBrowser = vi.fn();
  document.addEventListener('submit', sentByTheBrowser);
  return { island, field, create, options, sentByTheBrowser };
}

/** Astro's hydration: React takes over the island, then the `ssr` mark goes. */
async function hydrate(island: Element, props: Parameters<typeof NewCourse>[0]) {
  await act(async () => {
    root = hydrateRoot(island, <Island {...props} />, { identifierPrefix: 'r7' });
  });
  island.removeAttribute('ssr');
}

beforeAll(() => {
  // The page's inline script, as written into <head>: its source alone must work.
  new Function(HOLD_EARLY_ACTIONS_SCRIPT)();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('before an island hydrates', () => {
  it('a submit button clicked after typing is kept, then sends what was typed once, through the island', async () => {
    const { island, field, create, sentByTheBrowser } = serverRendered();
    fireEvent.input(field, { target: { value: 'Visualización' } });
    fireEvent.click(create);
    expect(sentByTheBrowser).not.toHaveBeenCalled();
    expect(island.getAttribute('aria-busy')).toBe('true');

    const onCreate = vi.fn();
    await hydrate(island, { onCreate, onToggle: () => {} });
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith('Visualización'));
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(island.hasAttribute('aria-busy')).toBe(false);
  });

  it('a form sent with Enter is kept and sent once hydrated', async () => {
    const { island, field, sentByTheBrowser } = serverRendered();
    fireEvent.input(field, { target: { value: 'Análisis' } });
    fireEvent.submit(field.form!);
    expect(sentByTheBrowser).not.toHaveBeenCalled();

    const onCreate = vi.fn();
    await hydrate(island, { onCreate, onToggle: () => {} });
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith('Análisis'));
  });

  it('of several clicks, the latest is done, once', async () => {
    const { island, create, options } = serverRendered();
    fireEvent.click(create);
    fireEvent.click(options);
    fireEvent.click(options);

    const onCreate = vi.fn();
    const onToggle = vi.fn();
    await hydrate(island, { onCreate, onToggle });
    await waitFor(() => expect(onToggle).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onCreate).not.toHaveBeenCalled();
  });
});

describe('once hydrated', () => {
  it('a click goes straight to the island, not kept', async () => {
    const { island, options } = serverRendered();
    const onToggle = vi.fn();
    await hydrate(island, { onCreate: () => {}, onToggle });
    fireEvent.click(options);
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(island.hasAttribute('aria-busy')).toBe(false);
  });

  it('a button outside any island is never held', () => {
    document.body.innerHTML = '<button type="button">Fuera</button>';
    const onClick = vi.fn();
    const button = document.querySelector('button')!;
    button.addEventListener('click', onClick);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
