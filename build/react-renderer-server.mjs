/**
 * Senda's server renderer for React islands (ADR 018), registered by
 * build/react-renderer.mjs in place of `@astrojs/react/server.js` through
 * Astro's renderer API; the browser side stays `@astrojs/react/client.js`.
 *
 * It does what @astrojs/react 7.0.0's server.js does (the same check, slots,
 * children and attributes), with one difference: an island is rendered with
 * React's `renderToString(vnode, { identifierPrefix })`, one string, instead
 * of a stream read back and decoded (~10 % of the thread page's CPU), and
 * keeps the island's prefix, which the client's `hydrateRoot` uses, so two
 * islands of a page never share `useId` ids. The same code runs in the
 * server build, `astro dev` and the page tests (tests/support/astro-pages.ts).
 *
 * Not carried over from @astrojs/react: its `include`/`exclude`,
 * `experimentalReactChildren` and form actions (Senda uses none; the
 * integration refuses the options).
 */
import { createElement, memo, Component as ReactComponent, PureComponent } from 'react';
import { renderToString } from 'react-dom/server';

const REACT_ELEMENT = Symbol.for('react.element');
const REACT_TRANSITIONAL_ELEMENT = Symbol.for('react.transitional.element');
const FORWARD_REF = Symbol.for('react.forward_ref');
/** The stylesheet and preload links React 19 may hoist into a render: Astro writes the page's own. */
const HOISTED_LINKS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

/** `client-id` → `clientId`: an Astro slot's name as a React prop. */
const slotName = (/** @type {string} */ name) => name.trim().replace(/[-_]([a-z])/g, (_, letter) => letter.toUpperCase());

/**
 * An Astro slot's HTML inside a React tree (as @astrojs/react's static-html.js,
 * which its client.js uses too): never re-rendered, so hydration keeps it.
 * @param {{ value?: string, name?: string, hydrate?: boolean }} props
 */
function StaticHtmlOf({ value, name, hydrate = true }) {
  if (value == null || value.trim() === '') return null;
  return createElement(hydrate ? 'astro-slot' : 'astro-static-slot', {
    name,
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: { __html: value },
  });
}
const StaticHtml = memo(StaticHtmlOf, () => true);

/** The island prefixes handed out per page render (the same `r0`, `r1`… as @astrojs/react). */
const islandCounts = new WeakMap();

/** @param {object} result Astro's render of one page */
function nextIslandPrefix(result) {
  const count = islandCounts.get(result) ?? 0;
  islandCounts.set(result, count + 1);
  return `r${count}`;
}

/** @param {{ astroStaticSlot?: boolean, hydrate?: string } | undefined} metadata */
function needsHydration(metadata) {
  return metadata?.astroStaticSlot ? !!metadata.hydrate : true;
}

/**
 * @this {{ result?: object } | undefined}
 * @param {any} Component
 * @param {Record<string, unknown>} props
 * @param {Record<string, string | undefined>} slotted
 * @param {{ astroStaticSlot?: boolean, hydrate?: string } | undefined} [metadata]
 */
async function renderToStaticMarkup(Component, props, { default: children, ...slotted }, metadata) {
  const prefix = this?.result ? nextIslandPrefix(this.result) : undefined;
  /** @type {Record<string, string | undefined>} */
  const attrs = { prefix };
  delete props.class;
  /** @type {Record<string, unknown>} */
  const slots = {};
  for (const [key, value] of Object.entries(slotted)) {
    const name = slotName(key);
    slots[name] = createElement(StaticHtml, { hydrate: needsHydration(metadata), value, name });
  }
  const newProps = { ...props, ...slots };
  const newChildren = children ?? props.children;
  if (newChildren != null) newProps.children = createElement(StaticHtml, { hydrate: needsHydration(metadata), value: /** @type {string} */ (newChildren) });
  const html = renderToString(createElement(Component, newProps), { identifierPrefix: prefix });
  return { html: html.replace(HOISTED_LINKS, ''), attrs };
}

/**
 * Whether a component is React's, as @astrojs/react decides it: a React
 * object or class, or a function that returns a React element.
 * @this {{ result?: object } | undefined}
 * @param {any} Component
 * @param {Record<string, unknown>} props
 * @param {Record<string, string | undefined>} children
 */
async function check(Component, props, children) {
  if (typeof Component === 'object') return Component.$$typeof?.toString().slice('Symbol('.length).startsWith('react') ?? false;
  if (typeof Component !== 'function') return false;
  if (Component.name === 'QwikComponent') return false;
  if (Component.$$typeof === FORWARD_REF) return false;
  if (Component.prototype != null && typeof Component.prototype.render === 'function') {
    return ReactComponent.isPrototypeOf(Component) || PureComponent.isPrototypeOf(Component);
  }
  let isReactComponent = false;
  /** @param {unknown[]} args */
  function Tester(...args) {
    try {
      const vnode = Component(...args);
      if (vnode && (vnode.$$typeof === REACT_ELEMENT || vnode.$$typeof === REACT_TRANSITIONAL_ELEMENT)) isReactComponent = true;
    } catch {
      // Not a React component (or one that needs the browser): another renderer may take it.
    }
    return createElement('div');
  }
  await renderToStaticMarkup.call(this, Tester, props, children);
  return isReactComponent;
}

export default {
  name: '@astrojs/react',
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
