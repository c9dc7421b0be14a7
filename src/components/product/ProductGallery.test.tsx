// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import PreviewGallery from '../../islands/catalogue/PreviewGallery.tsx';
import ProductGallery from './ProductGallery.tsx';
import { initGallery } from './product-page.ts';

const FRASCO = `/imagenes/${'a'.repeat(64)}.jpg`;
const CAJA = `/imagenes/${'b'.repeat(64)}.jpg`;

describe("the storefront's product photos say what they show (their fotosAlt)", () => {
  it('writes each photo alternative text on the product page, the name where it has none, and switches it with the photo', () => {
    document.body.innerHTML = renderToStaticMarkup(
      <ProductGallery images={[FRASCO, CAJA]} nombre="Tónico Anua" fotosAlt={{ [FRASCO]: 'Frasco de 150 ml con su caja' }} />,
    );
    const main = document.querySelector<HTMLImageElement>('[data-gallery-main]')!;
    expect(main.alt).toBe('Frasco de 150 ml con su caja');
    initGallery(document.querySelector('[data-gallery]')!);
    document.querySelector<HTMLButtonElement>(`[data-gallery-thumb="${CAJA}"]`)!.click();
    expect([main.getAttribute('src'), main.alt]).toEqual([CAJA, 'Tónico Anua']);
    document.querySelector<HTMLButtonElement>(`[data-gallery-thumb="${FRASCO}"]`)!.click();
    expect(main.alt).toBe('Frasco de 150 ml con su caja');
  });

  it('writes it in the quick view too', () => {
    const html = renderToStaticMarkup(
      <PreviewGallery images={[FRASCO, CAJA]} nombre="Tónico Anua" fotosAlt={{ [FRASCO]: 'Frasco de 150 ml' }} />,
    );
    expect(html).toContain('alt="Frasco de 150 ml"');
    expect(renderToStaticMarkup(<PreviewGallery images={[CAJA]} nombre="Tónico Anua" />)).toContain('alt="Tónico Anua, imagen 1 de 1"');
  });
});
