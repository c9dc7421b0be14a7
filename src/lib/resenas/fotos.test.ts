import { describe, expect, it } from 'vitest';
import { fotoResenaUrl, miniaturaResena, parseFotoResena } from './fotos.ts';

const CLAVE = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab';

describe("a reseña photo's URLs", () => {
  it('name the larger view and the 96 px thumbnail at 1x and 2x after the photo key', () => {
    expect(fotoResenaUrl(CLAVE)).toBe(`/imagenes/resenas/${CLAVE}.webp`);
    expect(miniaturaResena(fotoResenaUrl(CLAVE))).toEqual({
      src: `/imagenes/resenas/${CLAVE}-96.webp`,
      src2x: `/imagenes/resenas/${CLAVE}-192.webp`,
    });
    expect(parseFotoResena(`${CLAVE}-192.webp`)).toEqual({ clave: CLAVE, variante: '2x' });
    expect(parseFotoResena(`${CLAVE}.webp`)).toEqual({ clave: CLAVE, variante: 'grande' });
  });
  it('refuse anything else, and leave a photo of before issue 34 as it is', () => {
    for (const archivo of [`${CLAVE}-97.webp`, `${CLAVE}.png`, 'corta.webp', `${CLAVE}x.webp`, `../${CLAVE}.webp`])
      expect(parseFotoResena(archivo), archivo).toBeUndefined();
    expect(miniaturaResena('/imagenes/' + 'a'.repeat(64) + '.png')).toEqual({ src: '/imagenes/' + 'a'.repeat(64) + '.png' });
  });
});
