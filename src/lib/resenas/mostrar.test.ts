import { describe, expect, it } from 'vitest';
import { cantidadResenas, etiquetaCalificacion, fechaResena, promedioTexto, rellenoEstrellas, tieneResenas } from './mostrar.ts';

describe('how reseñas read', () => {
  it('writes the average with a decimal comma and the count in words', () => {
    expect(promedioTexto(4.5)).toBe('4,5');
    expect(promedioTexto(4)).toBe('4');
    expect(promedioTexto(3.66)).toBe('3,7');
    expect(etiquetaCalificacion(4.5, 12)).toBe('4,5 de 5 estrellas, 12 reseñas');
    expect(etiquetaCalificacion(5, 1)).toBe('5 de 5 estrellas, 1 reseña');
    expect(cantidadResenas(0)).toBe('0 reseñas');
  });

  it('fills the stars to the nearest half', () => {
    expect(rellenoEstrellas(4.5)).toBe(90);
    expect(rellenoEstrellas(4.3)).toBe(90);
    expect(rellenoEstrellas(4.2)).toBe(80);
    expect(rellenoEstrellas(7)).toBe(100);
    expect(rellenoEstrellas(-1)).toBe(0);
  });

  it('shows a rating only with approved reseñas', () => {
    expect(tieneResenas({ resenasPromedio: 4.5, resenasCantidad: 2 })).toBe(true);
    expect(tieneResenas({ resenasPromedio: 0, resenasCantidad: 0 })).toBe(false);
    expect(tieneResenas({})).toBe(false);
  });

  it('dates a reseña as Lima reads it', () => {
    // 03:00 UTC on the 26th is still the 25th in Lima.
    expect(fechaResena('2026-11-26T03:00:00Z')).toBe('25 de noviembre de 2026');
  });
});
