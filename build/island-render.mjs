/**
 * Two costs of every server-rendered React island, cut in the server build:
 * - `@astrojs/react` with `experimentalDisableStreaming` renders an island
 *   with `renderToString` (one string, no stream read back and decoded:
 *   ~10 % of the thread page's CPU), but it drops the island's
 *   `identifierPrefix`, so `useId` gave two islands of a page the same ids
 *   and the browser's hydration (which uses the prefix) would not match.
 *   This passes the prefix, as the streaming path does.
 * - Astro serializes an island's props twice per render (once for the
 *   island's id, once for its `props` attribute). This keeps the first answer
 *   for the same props object (a WeakMap: nothing outlives the render).
 * If either package reshapes the code, the build fails here with this
 * message, rather than silently losing the change (ADR 018).
 */
import { sourcePatches } from './source-patches.mjs';

const REACT_SERVER = /@astrojs\/react\/dist\/server\.js$/;
const RENDER_TO_STRING = 'html = ReactDOM.renderToString(vnode);';
const SERIALIZE = /astro\/dist\/runtime\/server\/serialize\.js$/;
const SERIALIZE_PROPS = `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}`;

/** @returns {import('vite').Plugin} */
export function islandRender() {
  return sourcePatches('island-render', [
    {
      file: REACT_SERVER,
      find: RENDER_TO_STRING,
      changed: "@astrojs/react's renderToStaticMarkup",
      replace: 'html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });',
    },
    {
      file: SERIALIZE,
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
  ]);
}
