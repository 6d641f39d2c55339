/**
 * React islands through `@astrojs/react`, with Senda's server renderer
 * (build/react-renderer-server.mjs: one `renderToString` per island with its
 * `useId` prefix, ADR 018). The integration is @astrojs/react's own (its
 * Vite plugins, its client entrypoint, its dev preamble); only the renderer
 * it registers in `astro:config:setup` gets our server entrypoint, through
 * Astro's renderer API. The page tests load the same renderer
 * (`reactContainerRenderer`), so the build, `astro dev` and the tests render
 * islands with the same code.
 */
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';

/** The server entrypoint, as a path Vite resolves in the build, in `astro dev` and in vitest. */
const SERVER_ENTRYPOINT = fileURLToPath(new URL('./react-renderer-server.mjs', import.meta.url));
/** @astrojs/react's name: `client:only="react"` finds the renderer by it. */
const RENDERER_NAME = '@astrojs/react';

/** @astrojs/react with Senda's server renderer. @returns {import('astro').AstroIntegration} */
export function reactIslands() {
  const integration = react();
  const setup = integration.hooks['astro:config:setup'];
  if (!setup) throw new Error("react-renderer: @astrojs/react has no 'astro:config:setup' hook; update build/react-renderer.mjs");
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': async (options) => {
        let registered = false;
        await setup({
          ...options,
          addRenderer(renderer) {
            if (renderer.name !== RENDERER_NAME) throw new Error(`react-renderer: @astrojs/react registered "${renderer.name}"; update build/react-renderer.mjs`);
            options.addRenderer({ ...renderer, serverEntrypoint: SERVER_ENTRYPOINT });
            registered = true;
          },
        });
        if (!registered) throw new Error('react-renderer: @astrojs/react registered no renderer; update build/react-renderer.mjs');
      },
    },
  };
}

/** The renderer for Astro's container (tests/support/astro-pages.ts): @astrojs/react's client, Senda's server. */
export const reactContainerRenderer = {
  name: RENDERER_NAME,
  clientEntrypoint: '@astrojs/react/client.js',
  serverEntrypoint: SERVER_ENTRYPOINT,
};
