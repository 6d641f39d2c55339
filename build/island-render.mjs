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
const REACT_SERVER = /@astrojs\/react\/dist\/server\.js$/;
const RENDER_TO_STRING = 'html = ReactDOM.renderToString(vnode);';
const SERIALIZE = /astro\/dist\/runtime\/server\/serialize\.js$/;
const SERIALIZE_PROPS = `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}`;

/** @returns {import('vite').Plugin} */
export function islandRender() {
  return {
    name: 'senda-island-render',
    apply: 'build',
    transform(code, id) {
      const file = id.replaceAll('\\', '/');
      if (REACT_SERVER.test(file)) {
        if (!code.includes(RENDER_TO_STRING)) this.error("senda-island-render: @astrojs/react's renderToStaticMarkup changed; update build/island-render.mjs");
        return { code: code.replace(RENDER_TO_STRING, 'html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });'), map: null };
      }
      if (SERIALIZE.test(file)) {
        if (!code.includes(SERIALIZE_PROPS)) this.error("senda-island-render: Astro's serializeProps changed; update build/island-render.mjs");
        const memo = `const sendaSerializedProps = new WeakMap();
function serializeProps(props, metadata) {
  let serialized = sendaSerializedProps.get(props);
  if (serialized === undefined) {
    serialized = JSON.stringify(serializeObject(props, metadata));
    sendaSerializedProps.set(props, serialized);
  }
  return serialized;
}`;
        return { code: code.replace(SERIALIZE_PROPS, memo), map: null };
      }
      return null;
    },
  };
}
