// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillMenus, loadMenus } from './shared-menus.ts';

const PAGE = `
  <ul>
    <li data-menu-slot="escritorio:Cuidado"><a href="/Cuidado">Cuidado</a></li>
    <li data-menu-slot="escritorio:marcas"><a href="/marcas">Marcas</a></li>
  </ul>
  <details data-menu-slot='movil:Dr. "Q"'><summary>Dr. "Q"</summary></details>`;

const FULL = `
  <ul>
    <li data-menu-slot="escritorio:Cuidado"><a href="/Cuidado">Cuidado</a><ul class="submenu" data-menu-part><li><a href="/Ser%C3%BAm">Serúm</a></li></ul></li>
    <li data-menu-slot="escritorio:marcas"><a href="/marcas">Marcas</a><div data-menu-part><a href="/marcas/Cosrx">Cosrx</a></div></li>
  </ul>
  <details data-menu-slot='movil:Dr. "Q"'><summary>Dr. "Q"</summary><ul data-menu-part><li><a href="/x">x</a></li></ul></details>`;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('shared menus', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('moves each slot its parts from the full menus, once, even for names that need escaping', () => {
    document.body.innerHTML = PAGE;
    fillMenus(document, parse(FULL));
    fillMenus(document, parse(FULL));
    const cuidado = document.querySelector('[data-menu-slot="escritorio:Cuidado"]')!;
    expect(cuidado.querySelectorAll(':scope > [data-menu-part]')).toHaveLength(1);
    expect(cuidado.querySelector('a[href="/Ser%C3%BAm"]')?.textContent).toBe('Serúm');
    expect(document.querySelector('[data-menu-slot="escritorio:marcas"] a[href="/marcas/Cosrx"]')).not.toBeNull();
    expect(document.querySelector('details a[href="/x"]')).not.toBeNull();
    // The top-level link stays the page's own element.
    expect(cuidado.firstElementChild?.textContent).toBe('Cuidado');
  });

  it('fetches /menus once, and again after a failure', async () => {
    document.body.innerHTML = PAGE;
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('no', { status: 503 }))
      .mockResolvedValue(new Response(FULL));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadMenus();
    expect(document.querySelectorAll('[data-menu-part]')).toHaveLength(0);
    await Promise.all([loadMenus(), loadMenus()]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenLastCalledWith('/menus');
    expect(document.querySelectorAll('[data-menu-part]')).toHaveLength(3);
  });
});
