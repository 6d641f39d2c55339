/**
 * One way to patch a dependency's code in the server build (ADR 018): each
 * patch names the file, the exact text it replaces, and what to say if the
 * text is gone. A missing text fails the build with that message, rather than
 * silently losing the patch or patching the wrong code. Development
 * (`astro dev`) and the tests run the dependencies unchanged.
 */

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
  return {
    name: `senda-${name}`,
    apply: 'build',
    transform(code, id) {
      const file = id.replaceAll('\\', '/');
      const mine = patches.filter((patch) => file.endsWith(`/node_modules/${patch.module}`));
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
