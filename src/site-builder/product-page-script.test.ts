import { describe, expect, it } from 'vitest';
import { bundleProductPageScript } from './product-page-script.ts';

describe('bundleProductPageScript', () => {
  it('is one classic script named by its content, with the API base it was built for and nothing left to resolve', async () => {
    const script = await bundleProductPageScript('https://api.kbeauty.pe');
    expect(script.url).toMatch(/^\/_astro\/producto\.[\w-]{10}\.js$/);
    // A classic script: no import, export or import.meta, which only a module may hold.
    expect(script.code).not.toMatch(/\bimport\s*[{(*"'\w]|\bexport\s*[{*]|import\.meta|process\.env/);
    expect(() => new Function(script.code)).not.toThrow();
    expect(script.code).toContain('https://api.kbeauty.pe');
    // The buy box and its confirmation are in it.
    expect(script.code).toContain('¡Producto añadido al carrito!');
    const again = await bundleProductPageScript('https://api.kbeauty.pe');
    expect(again.url).toBe(script.url);
    expect((await bundleProductPageScript('')).url).not.toBe(script.url);
  });
});
