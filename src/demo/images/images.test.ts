import { describe, expect, it } from 'vitest';
import type { Envase } from '../types.ts';
import { bannerSvg, brandLogoSvg, ENVASES, placeholderSvg, popupSvg, productImageSvg, socialSvg } from './index.ts';

/**
 * A tiny XML well-formedness checker: every tag is syntactically valid with quoted attributes,
 * tags nest and balance, there is one <svg> root, text holds no raw '<' and every '&' starts a
 * known entity or a numeric character reference.
 */
function assertWellFormed(svg: string): void {
  const tag = /<[^<>]*>/g;
  const tagShape = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*(\/?)>$/;
  const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
  const checkText = (text: string) => {
    expect(text, 'raw < or > in text').not.toMatch(/[<>]/);
    for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
      entity.lastIndex = i;
      expect(entity.test(text), `bad entity at ${text.slice(i, i + 12)}`).toBe(true);
    }
  };
  const stack: string[] = [];
  let roots = 0;
  let last = 0;
  for (const m of svg.matchAll(tag)) {
    const between = svg.slice(last, m.index);
    if (!stack.length) expect(between.trim(), 'content outside the root').toBe('');
    checkText(between);
    last = m.index + m[0].length;
    const parts = tagShape.exec(m[0]);
    expect(parts, `malformed tag ${m[0].slice(0, 80)}`).not.toBeNull();
    if (!parts) return;
    const [, closing, name = '', attrs = '', selfClosing] = parts;
    checkText(attrs);
    const names = [...attrs.matchAll(/([\w:.-]+)="/g)].map((a) => a[1]);
    expect(new Set(names).size, `duplicate attribute in ${m[0].slice(0, 80)}`).toBe(names.length);
    if (closing) {
      expect(stack.pop(), `unbalanced </${name}>`).toBe(name);
    } else if (!selfClosing) {
      if (!stack.length) roots++;
      stack.push(name);
    } else if (!stack.length) roots++;
  }
  expect(svg.slice(last).trim()).toBe('');
  expect(stack, 'unclosed tags').toEqual([]);
  expect(roots).toBe(1);
}

/** Asserts the common document shape and returns the svg for chaining. */
function assertDocument(svg: string, width: number, height: number): void {
  expect(svg.startsWith('<svg')).toBe(true);
  const root = svg.slice(0, svg.indexOf('>') + 1);
  expect(root).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(root).toContain(`width="${width}"`);
  expect(root).toContain(`height="${height}"`);
  expect(root).toContain(`viewBox="0 0 ${width} ${height}"`);
  expect(svg).toMatch(/^<svg[^>]*><title>[^<]+<\/title>/);
  expect(svg.endsWith('</svg>')).toBe(true);
  assertWellFormed(svg);
  // Offline and self-contained: pure ASCII, no external resources, raster images or web fonts.
  expect(svg).toMatch(/^[\x20-\x7e]*$/);
  expect(svg).not.toMatch(/<image|href=|@import|@font-face|<script|<foreignObject/i);
  expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|data:/);
  expect(svg.replace(/url\(#[\w-]+\)/g, '')).not.toContain('url(');
  // Every url(#id) points to an element defined in the document.
  for (const m of svg.matchAll(/url\(#([\w-]+)\)/g)) expect(svg).toContain(`id="${m[1]}"`);
}

/** Decoded text content outside <title>, one entry per text node. */
function visibleTexts(svg: string): string[] {
  const body = svg.replace(/<title>.*?<\/title>/, '');
  const texts = [...body.matchAll(/>([^<]+)</g)].map((m) => m[1] ?? '');
  return texts.map((t) =>
    t
      .replace(/&#(\d+);/g, (_, c: string) => String.fromCodePoint(Number(c)))
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

const COLORES: [string, string] = ['#d97b8a', '#a8d8ea'];
const product = (envase: Envase, variante: 1 | 2 = 1, nombre = 'Advanced Snail 96 Mucin Power Essence', marca = 'COSRX') =>
  productImageSvg({ nombre, marca, colores: COLORES, envase, variante });

const ALL_ENVASES: Record<Envase, true> = {
  frasco: true,
  tubo: true,
  pote: true,
  gotero: true,
  spray: true,
  sobre: true,
  barra: true,
  paleta: true,
  cushion: true,
  herramienta: true,
  set: true,
};

const NASTY = `Tom & Jerry <b>"Sérum"</b> it's ]]> caf\u00e9 \u{1F338}`;

describe('productImageSvg', () => {
  it('returns a complete 800×800 document for every envase and variant', () => {
    expect([...ENVASES].sort()).toEqual(Object.keys(ALL_ENVASES).sort());
    for (const envase of ENVASES)
      for (const v of [1, 2] as const) {
        const svg = product(envase, v);
        assertDocument(svg, 800, 800);
        expect(svg).toContain('<title>Advanced Snail 96 Mucin Power Essence');
        expect(visibleTexts(svg)).toContain('COSRX');
      }
  });

  it('draws a distinct packaging for every envase', () => {
    const drawings = ENVASES.map((envase) => {
      const svg = product(envase);
      const id = /<linearGradient id="([^"]+)b"/.exec(svg)?.[1] ?? '';
      expect(id).not.toBe('');
      return svg.split(id).join('#ID#');
    });
    expect(new Set(drawings).size).toBe(ENVASES.length);
  });

  it('makes the hover variant different from the main shot', () => {
    for (const envase of ENVASES) expect(product(envase, 2)).not.toBe(product(envase, 1));
  });

  it('is deterministic', () => {
    for (const envase of ENVASES) expect(product(envase, 2)).toBe(product(envase, 2));
    expect(product('frasco', 1, 'Otro nombre')).not.toBe(product('frasco', 1));
  });

  it('escapes special characters in names and brands', () => {
    for (const envase of ENVASES) {
      const svg = productImageSvg({ nombre: NASTY, marca: `Dr. "Jart" & <Co>'s`, colores: COLORES, envase, variante: 1 });
      assertDocument(svg, 800, 800);
      expect(svg).toContain('&amp;');
      expect(svg).toContain('&lt;b&gt;');
      expect(svg).toContain('&quot;');
      expect(svg).toContain('&apos;');
      expect(svg).not.toContain('<b>');
      expect(svg).not.toContain(']]>');
    }
  });

  it('shortens long names to a few lines with an ellipsis and keeps the size small', () => {
    const long = 'Relief Sun Aqua-fresh Rice + B5 SPF50+ PA++++ Ultra Light Hydrating Sunscreen For Sensitive Skin Special Edition';
    for (const envase of ENVASES)
      for (const v of [1, 2] as const) {
        const svg = productImageSvg({ nombre: long, marca: 'Beauty of Joseon', colores: ['#c8a97e', '#6b8f71'], envase, variante: v });
        assertDocument(svg, 800, 800);
        expect(svg.length).toBeLessThan(6 * 1024);
        const texts = visibleTexts(svg);
        expect(texts.some((t) => t.endsWith('\u2026'))).toBe(true);
        expect(texts.join(' ')).not.toContain(long);
        for (const t of texts) expect(t.length).toBeLessThanOrEqual(32);
        // Brand (one or two lines) plus at most three lines of product name.
        expect(texts.length).toBeLessThanOrEqual(5);
      }
  });

  it('removes a leading brand from the printed name', () => {
    const svg = product('pote', 1, 'Laneige Water Sleeping Mask', 'Laneige');
    expect(visibleTexts(svg).join(' ')).not.toMatch(/Laneige Water/);
    expect(visibleTexts(svg)).toContain('LANEIGE');
  });

  it('survives empty names, odd colours and hostile colour strings', () => {
    const svg = productImageSvg({ nombre: '', marca: '', colores: ['red" onload="x', '#abc'], envase: 'tubo', variante: 2 });
    assertDocument(svg, 800, 800);
    expect(svg).not.toContain('onload');
    expect(svg).toContain('#aabbcc');
  });
});

describe('placeholderSvg', () => {
  it('is a neutral 800×800 "Sin imagen" image', () => {
    const svg = placeholderSvg();
    assertDocument(svg, 800, 800);
    expect(svg).toContain('<title>Sin imagen</title>');
    expect(visibleTexts(svg)).toContain('Sin imagen');
    expect(svg.length).toBeLessThan(3 * 1024);
    expect(placeholderSvg()).toBe(svg);
  });
});

describe('brandLogoSvg', () => {
  const names = [
    'COSRX',
    'Beauty of Joseon',
    'Laneige',
    "I'm From",
    'rom&nd',
    'Some By Mi',
    'Dr. Jart+',
    'Skin1004',
    'A Very Long Brand Name Cosmetics Company',
  ];
  it('sets every brand as a 240×120 wordmark', () => {
    for (const nombre of names) {
      const svg = brandLogoSvg({ nombre, colores: ['#1f3b73', '#f2b6c6'] });
      assertDocument(svg, 240, 120);
      expect(svg.length).toBeLessThan(2 * 1024);
      expect(brandLogoSvg({ nombre, colores: ['#1f3b73', '#f2b6c6'] })).toBe(svg);
    }
  });

  it('escapes brand names', () => {
    const svg = brandLogoSvg({ nombre: NASTY, colores: ['#1f3b73', '#f2b6c6'] });
    assertDocument(svg, 240, 120);
    expect(svg).toContain('&amp;');
    expect(svg).not.toContain('<b>');
  });
});

describe('bannerSvg', () => {
  it('draws 1600×600 banners that vary with indice', () => {
    const out = new Set<string>();
    for (const indice of [0, 1, 2, 3, 4, 5, -7, 1e9, 2.5]) {
      const svg = bannerSvg({
        titulo: 'Tu rutina coreana empieza aquí',
        subtitulo: 'Envío gratis en Lima por compras desde S/ 150',
        colores: COLORES,
        indice,
      });
      assertDocument(svg, 1600, 600);
      expect(svg.length).toBeLessThan(12 * 1024);
      expect(visibleTexts(svg).join(' ')).toContain('Tu rutina coreana');
      if (indice >= 0 && indice < 6) out.add(svg);
    }
    expect(out.size).toBe(6);
  });

  it('keeps the title large enough to read at 390 px wide', () => {
    const svg = bannerSvg({ titulo: 'Glass skin en 7 pasos', subtitulo: 'Sérums y tónicos', colores: COLORES, indice: 0 });
    const size = Number(/font-size="(\d+)" font-weight="800"/.exec(svg)?.[1]);
    expect(size * (390 / 1600)).toBeGreaterThanOrEqual(14);
  });

  it('escapes, shortens and is deterministic', () => {
    const input = { titulo: NASTY.repeat(4), subtitulo: NASTY, colores: COLORES, indice: 2 };
    const svg = bannerSvg(input);
    assertDocument(svg, 1600, 600);
    expect(svg).not.toContain('<b>');
    expect(visibleTexts(svg).some((t) => t.endsWith('\u2026'))).toBe(true);
    expect(bannerSvg(input)).toBe(svg);
  });
});

describe('popupSvg', () => {
  it('draws a 600×600 promotion, with or without a percentage', () => {
    for (const titulo of ['¡10% de descuento en tu primera compra!', 'Regalo sorpresa con tu pedido', NASTY]) {
      const svg = popupSvg({ titulo, subtitulo: 'Regístrate y recibe tu cupón', colores: COLORES });
      assertDocument(svg, 600, 600);
      expect(svg.length).toBeLessThan(8 * 1024);
      expect(popupSvg({ titulo, subtitulo: 'Regístrate y recibe tu cupón', colores: COLORES })).toBe(svg);
    }
    const pct = popupSvg({ titulo: '¡10% de descuento en tu primera compra!', subtitulo: '', colores: COLORES });
    expect(visibleTexts(pct)).toContain('10');
  });
});

describe('socialSvg', () => {
  it('draws 540×960 tiles (shelf and flat-lay) that vary with indice', () => {
    const out = new Set<string>();
    for (const indice of [0, 1, 2, 3, 4, 5]) {
      const svg = socialSvg({ titulo: 'Mi rutina de noche', colores: COLORES, indice });
      assertDocument(svg, 540, 960);
      expect(svg.length).toBeLessThan(10 * 1024);
      expect(socialSvg({ titulo: 'Mi rutina de noche', colores: COLORES, indice })).toBe(svg);
      out.add(svg);
    }
    expect(out.size).toBe(6);
    const nasty = socialSvg({ titulo: NASTY, colores: COLORES, indice: 1 });
    assertDocument(nasty, 540, 960);
    expect(nasty).toContain('&amp;');
  });
});
