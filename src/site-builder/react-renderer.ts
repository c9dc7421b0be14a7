/**
 * The build's server renderer for React components, in place of `@astrojs/react/server.js`
 * (astro.config.mjs; the client renderer and Vite plugins stay @astrojs/react's). Each React component
 * of a page (a product page has nine) used to cost two renders through React's web stream, read back
 * and decoded chunk by chunk: a fifth of Astro's time in a 30,000-product build. Now it costs one:
 *
 * - The render is `renderToString` with the island's `identifierPrefix` (so `useId` matches in
 *   hydration; Astro's `experimentalDisableStreaming` drops the prefix), not the stream. The two write
 *   the same but for a component that suspends (none does on the server: the lazy account forms appear
 *   only after hydration), which is rendered again through the stream.
 * - Astro asks first whether a component is React's (`check`): @astrojs/react rendered it once more to
 *   see. React is the only framework here, and a component that answers null is rendered by React all
 *   the same (Astro's fallback), so `check` answers from the component's type alone.
 *
 * The rest is @astrojs/react's (7.0) server.js: island ids `r0`, `r1`… per page (counted here, so no
 * longer every other one: the pages' ids moved, which hydration does not mind, since each island carries
 * its own), slots, the `class` prop, the resource links React hoists. Not its actions' form state: the
 * site is static (`output: 'static'`) and has no Astro actions.
 */
import { Component as ReactComponent, PureComponent, createElement, memo, type ComponentType } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';

type Props = Record<string, unknown>;
type Slots = Record<string, string | undefined>;
interface Metadata {
  astroStaticSlot?: boolean;
  hydrate?: string;
}
/** Astro's `this` for a renderer: the page's render result (island ids are counted per page). */
interface RendererContext {
  result?: object;
}

/** Island ids `r0`, `r1`… of each page, counted as @astrojs/react counts them (its context.js). */
const counters = new WeakMap<object, { index: number }>();
function nextPrefix(result: object): string {
  let counter = counters.get(result);
  if (!counter) counters.set(result, (counter = { index: 0 }));
  return `r${counter.index++}`;
}

const FORWARD_REF = Symbol.for('react.forward_ref');

/**
 * Whether `Component` is React's: @astrojs/react's checks of its type, without its trial render. That
 * render also took the `class` Astro adds to a component styled by its page out of the props, before
 * Astro serializes them for the island: taken out here too.
 */
async function check(Component: unknown, props: Props): Promise<boolean> {
  if (typeof Component === 'object' && Component !== null) {
    return String((Component as { $$typeof?: symbol }).$$typeof ?? '')
      .slice('Symbol('.length)
      .startsWith('react');
  }
  if (typeof Component !== 'function') return false;
  if (Component.name === 'QwikComponent') return false;
  if ((Component as { $$typeof?: symbol }).$$typeof === FORWARD_REF) return false;
  if (Component.prototype != null && typeof Component.prototype.render === 'function') {
    return Object.prototype.isPrototypeOf.call(ReactComponent, Component) || Object.prototype.isPrototypeOf.call(PureComponent, Component);
  }
  delete props['class'];
  return true;
}

/** Astro's slot HTML inside a React tree (@astrojs/react's static-html.js). */
const StaticHtml = memo(
  ({ value, name, hydrate = true }: { value?: string; name?: string; hydrate?: boolean }) => {
    if (value == null || value.trim() === '') return null;
    return createElement(hydrate ? 'astro-slot' : 'astro-static-slot', {
      name,
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: value },
    });
  },
  () => true,
);

const slotName = (name: string) => name.trim().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());
const needsHydration = (metadata?: Metadata) => (metadata?.astroStaticSlot ? !!metadata.hydrate : true);
/** The resource links React writes for what a component uses (Astro's own tags load those). */
const RESOURCE_LINKS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

async function renderToStaticMarkup(
  this: RendererContext | undefined,
  Component: ComponentType<Props>,
  props: Props,
  { default: children, ...slotted }: Slots,
  metadata?: Metadata,
) {
  const prefix = this?.result ? nextPrefix(this.result) : undefined;
  const attrs: Record<string, unknown> = { prefix };
  delete props['class'];
  const newProps: Props = { ...props };
  for (const [key, value] of Object.entries(slotted)) {
    const name = slotName(key);
    newProps[name] = createElement(StaticHtml, { hydrate: needsHydration(metadata), value, name });
  }
  const newChildren = children ?? props['children'];
  if (newChildren != null)
    newProps['children'] = createElement(StaticHtml, { hydrate: needsHydration(metadata), value: newChildren as string });
  const vnode = createElement(Component, newProps);
  let html = renderToString(vnode, { identifierPrefix: prefix });
  // A component that suspends inside a Suspense boundary is left to the browser by renderToString
  // (the boundary's fallback, marked `<!--$!-->`): the stream waits for it, as @astrojs/react's did.
  if (html.includes(CLIENT_RENDERED_BOUNDARY))
    html = await new Response(await renderToReadableStream(vnode, { identifierPrefix: prefix })).text();
  return { html: html.replace(RESOURCE_LINKS, ''), attrs };
}

const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export default { name: '@astrojs/react', check, renderToStaticMarkup, supportsAstroStaticSlot: true };
