import { Suspense, createElement, lazy, useId } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import renderer from './react-renderer.ts';

/** @astrojs/react's render (server.js, 7.0): the stream read back as text. */
async function streamed(vnode: Parameters<typeof renderToReadableStream>[0], identifierPrefix?: string): Promise<string> {
  const reader = (await renderToReadableStream(vnode, { identifierPrefix })).getReader();
  const decoder = new TextDecoder('utf-8');
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return html + decoder.decode();
    html += decoder.decode(value, { stream: true });
  }
}

/** A component with an id of its own (useId), as the islands' fields have. */
function Labelled(props: Record<string, unknown>) {
  const id = useId();
  const label = String(props['label']);
  return createElement('p', { id, title: label }, label, props['children'] as never);
}

const context = () => ({ result: {} });

describe('the React server renderer', () => {
  it('writes what the stream wrote, with the island ids counted per page', async () => {
    const page = context();
    const first = await renderer.renderToStaticMarkup.call(page, Labelled, { label: 'Crema & sérum <b>' }, {}, {});
    const second = await renderer.renderToStaticMarkup.call(
      page,
      Labelled,
      { label: 'Tónico' },
      { default: '<i>slot</i>' },
      { astroStaticSlot: true, hydrate: 'load' },
    );
    expect(first.attrs['prefix']).toBe('r0');
    expect(second.attrs['prefix']).toBe('r1');
    expect(first.html).toBe(await streamed(createElement(Labelled, { label: 'Crema & sérum <b>' }), 'r0'));
    expect(second.html).toContain('<astro-slot><i>slot</i></astro-slot>');
    // Another page counts from r0 again.
    expect((await renderer.renderToStaticMarkup.call(context(), Labelled, { label: 'x' }, {}, {})).attrs['prefix']).toBe('r0');
  });

  it('waits, as the stream did, for a component that suspends', async () => {
    const Later = lazy(async () => ({ default: () => createElement('b', null, 'listo') }));
    const Page = () => createElement(Suspense, { fallback: createElement('i', null, 'cargando') }, createElement(Later));
    const { html } = await renderer.renderToStaticMarkup.call(context(), Page, {}, {}, {});
    expect(html).toContain('<b>listo</b>');
    expect(html).toBe(await streamed(createElement(Page), 'r0'));
  });

  it("answers for React's components, rendering nothing to tell", async () => {
    const page = context();
    // The `class` Astro adds (a component styled by its page) is not an island prop: Astro serializes what the check leaves.
    const checked: Record<string, unknown> = { label: 'x', class: 'astro-ibpinaeu' };
    expect(await renderer.check(Labelled, checked)).toBe(true);
    expect(checked).toEqual({ label: 'x' });
    expect(
      await renderer.check(
        lazy(async () => ({ default: Labelled })),
        {},
      ),
    ).toBe(true);
    expect(await renderer.check('div', {})).toBe(false);
    expect(
      await renderer.check(
        class NotReact {
          render() {}
        },
        {},
      ),
    ).toBe(false);
    // No island id taken by the check: the page's first island is still r0. Nor does the render pass `class` on.
    const props: Record<string, unknown> = { label: 'x', class: 'card' };
    expect((await renderer.renderToStaticMarkup.call(page, Labelled, props, {}, {})).attrs['prefix']).toBe('r0');
    expect(props).toEqual({ label: 'x' });
  });
});
