import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Photo from './Photo.tsx';

const SHA = 'a'.repeat(64);

describe('Photo', () => {
  it('offers AVIF and WebP copies with srcset and sizes for a store photo, the original as the fallback', () => {
    const html = renderToStaticMarkup(
      <Photo
        src={`/imagenes/${SHA}.jpg`}
        alt="Crema"
        width={800}
        height={800}
        sizes="(max-width: 1024px) 100vw, 560px"
        loading="eager"
        fetchPriority="high"
      />,
    );
    expect(html).toMatch(
      /^<picture class="photo"><source type="image\/avif" srcSet="[^"]+" sizes="\(max-width: 1024px\) 100vw, 560px"\/><source type="image\/webp"/,
    );
    expect(html).toContain(
      `/_astro/fotos/${SHA.slice(0, 16)}-240.avif 240w, /_astro/fotos/${SHA.slice(0, 16)}-480.avif 480w, /_astro/fotos/${SHA.slice(0, 16)}-960.avif 960w`,
    );
    expect(html).toContain(
      `<img src="/imagenes/${SHA}.jpg" alt="Crema" width="800" height="800" loading="eager" fetchPriority="high" decoding="async"/>`,
    );
  });

  it('is a plain lazy <img> for anything else', () => {
    expect(renderToStaticMarkup(<Photo src="/demo/productos/x-1.svg" alt="" width={400} height={400} sizes="260px" />)).toBe(
      '<img src="/demo/productos/x-1.svg" alt="" width="400" height="400" loading="lazy"/>',
    );
  });
});
