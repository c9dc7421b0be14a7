import { describe, expect, it } from 'vitest';
import { DETAIL_SECTIONS, sentences } from './details.ts';

describe('detail sentences', () => {
  it('splits on periods and drops the final one', () => {
    expect(sentences('Aplica sobre el rostro. Masajea suavemente.  Enjuaga.')).toEqual([
      'Aplica sobre el rostro',
      'Masajea suavemente',
      'Enjuaga',
    ]);
    expect(sentences('Sin punto final')).toEqual(['Sin punto final']);
  });
  it("keeps decimals and treats 'No especificado.' as empty", () => {
    expect(sentences('Contiene 0.5% de retinol. Úsalo de noche.')).toEqual(['Contiene 0.5% de retinol', 'Úsalo de noche']);
    expect(sentences('No especificado.')).toEqual([]);
    expect(sentences(' no especificado ')).toEqual([]);
    expect(sentences('')).toEqual([]);
  });
  it('lists the four sections of the spec', () => {
    expect(DETAIL_SECTIONS.map((s) => s.label)).toEqual(['Información general', 'Modo de uso', 'Beneficios', 'Ingredientes']);
  });
});
