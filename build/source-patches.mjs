/**
 * One way to patch a dependency's code (ADR 018): each patch names the file,
 * the exact text it replaces, and what to say if the text is gone. Vite's
 * transform applies it wherever Vite loads the file: the server build,
 * `astro dev` and vitest (Astro is bundled, never external, in all three), so
 * they all run the code that ships; no file in node_modules is rewritten. A
 * missing text fails with that message, rather than silently losing the patch
 * or patching the wrong code.
 */
import { createHash } from 'node:crypto';

/**
 * @typedef {object} SourcePatch
 * @property {string} module the patched file, from node_modules (e.g. `astro/dist/core/encryption.js`)
 * @property {string} find the exact text replaced (its first occurrence)
 * @property {string} replace what replaces it
 * @property {string} changed what the error names when `find` is gone, e.g. "Astro's router"
 */

/**
 * @param {string} name the plugin's name; its file is `build/<name>.mjs`
 * @param {SourcePatch[]} patches
 * @returns {import('vite').Plugin}
 */
export function sourcePatches(name, patches) {
  const patchesOf = (/** @type {string} */ id) => patches.filter((patch) => id.replaceAll('\\', '/').endsWith(`/node_modules/${patch.module}`));
  const version = createHash('sha1').update(JSON.stringify(patches)).digest('hex');
  return {
    name: `senda-${name}`,
    // Vitest keeps transformed files on disk by their source text: a patched file's key must change with the patch.
    configureVitest({ defineCacheKeyGenerator }) {
      defineCacheKeyGenerator(({ id }) => (patchesOf(id).length > 0 ? `senda-${name}@${version}` : undefined));
    },
    transform(code, id) {
      const mine = patchesOf(id);
      if (mine.length === 0) return null;
      let patched = code;
      for (const patch of mine) {
        if (!patched.includes(patch.find)) this.error(`senda-${name}: ${patch.changed} changed; update build/${name}.mjs`);
        patched = patched.replace(patch.find, () => patch.replace);
      }
      return { code: patched, map: null };
    },
  };
}
