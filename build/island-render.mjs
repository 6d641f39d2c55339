/**
 * Astro serializes an island's props twice per render (once for the island's
 * id, once for its `props` attribute). This keeps the first answer for the
 * same props object (a WeakMap: nothing outlives the render). Astro has no
 * option or hook for it (ADR 018); if Astro reshapes the code, the build
 * fails here with this message, rather than silently losing the memo.
 * (Islands' server render itself is build/react-renderer.mjs.)
 */
import { sourcePatches } from './source-patches.mjs';

const SERIALIZE_PROPS = `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}`;

/** @type {import('./source-patches.mjs').SourcePatch[]} */
export const ISLAND_RENDER_PATCHES = [
  {
    module: 'astro/dist/runtime/server/serialize.js',
    find: SERIALIZE_PROPS,
    changed: "Astro's serializeProps",
    replace: `const sendaSerializedProps = new WeakMap();
function serializeProps(props, metadata) {
  let serialized = sendaSerializedProps.get(props);
  if (serialized === undefined) {
    serialized = JSON.stringify(serializeObject(props, metadata));
    sendaSerializedProps.set(props, serialized);
  }
  return serialized;
}`,
  },
];

/** @returns {import('vite').Plugin} */
export function islandRender() {
  return sourcePatches('island-render', ISLAND_RENDER_PATCHES);
}
