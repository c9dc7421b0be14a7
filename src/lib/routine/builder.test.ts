import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { ProductoRutina, RutinaRecomendada } from '../api/routine-schemas.ts';
import {
  categoriasConStock,
  explicacion,
  filtrosDe,
  indicesIniciales,
  otraAlternativa,
  preguntaActual,
  productosElegidos,
  responder,
  rutinaCompleta,
  volverA,
} from './builder.ts';

const producto = (idProducto: number): ProductoRutina => {
  const { nombre, ...rest } = makeProducto({ idProducto });
  return { ...rest, nombreProducto: nombre, imagen: rest.img, fechaAgregado: '2026-11-01T00:00:00.000Z' } as unknown as ProductoRutina;
};

const rutina: Pick<RutinaRecomendada, 'categoriasIncluidas' | 'data' | 'nivelRutina'> = {
  nivelRutina: 'principiante',
  categoriasIncluidas: ['Limpieza', 'Hidratante', 'Bloqueador'],
  data: { Limpieza: [producto(1), producto(2)], Hidratante: [producto(3)], Bloqueador: [producto(4), producto(5), producto(6)] },
};

describe('the builder questions', () => {
  it('asks skin type, age group, concern and level in that order', () => {
    let respuestas = {};
    expect(preguntaActual(respuestas)).toBe('tipoPiel');
    respuestas = responder(respuestas, 'tipoPiel', 'Grasa');
    expect(preguntaActual(respuestas)).toBe('grupoEdad');
    respuestas = responder(respuestas, 'grupoEdad', '25-34');
    respuestas = responder(respuestas, 'inquietudPiel', 'Acné');
    expect(preguntaActual(respuestas)).toBe('nivel');
    respuestas = responder(respuestas, 'nivel', 'avanzado');
    expect(preguntaActual(respuestas)).toBeNull();
    expect(filtrosDe(respuestas, 'fragancia')).toEqual({
      tipoPiel: 'Grasa',
      grupoEdad: '25-34',
      inquietudPiel: 'Acné',
      alergias: 'fragancia',
    });
  });

  it('resets every later answer when an earlier one changes', () => {
    const completas = { tipoPiel: 'Grasa', grupoEdad: '25-34', inquietudPiel: 'Acné', nivel: 'avanzado' as const };
    expect(responder(completas, 'tipoPiel', 'Seca')).toEqual({ tipoPiel: 'Seca' });
    expect(responder(completas, 'inquietudPiel', 'Manchas')).toEqual({ tipoPiel: 'Grasa', grupoEdad: '25-34', inquietudPiel: 'Manchas' });
    expect(volverA(completas, 'grupoEdad')).toEqual({ tipoPiel: 'Grasa' });
    expect(filtrosDe({ tipoPiel: 'Grasa' })).toEqual({ tipoPiel: 'Grasa', grupoEdad: '', inquietudPiel: '', alergias: '' });
  });

  it('refuses to answer a question whose earlier ones are unanswered', () => {
    expect(responder({}, 'nivel', 'avanzado')).toEqual({});
    expect(responder({ tipoPiel: 'Grasa' }, 'inquietudPiel', 'Acné')).toEqual({ tipoPiel: 'Grasa' });
  });

  it('explains the usual skin types, whatever their case and accents', () => {
    expect(explicacion('Grasa')).toMatch(/Brillo/);
    expect(explicacion('SENSIBLE')).toMatch(/enrojece/);
    expect(explicacion('Otra')).toBeUndefined();
  });
});

describe('the routine alternatives', () => {
  it('starts every step at its first product and browses the alternatives in a circle', () => {
    const indices = indicesIniciales(rutina);
    expect(indices).toEqual({ Limpieza: 0, Hidratante: 0, Bloqueador: 0 });
    expect(productosElegidos(rutina, indices).map((p) => p.idProducto)).toEqual([1, 3, 4]);
    const next = otraAlternativa(indices, rutina, 'Bloqueador', 1);
    expect(productosElegidos(rutina, next).map((p) => p.idProducto)).toEqual([1, 3, 5]);
    expect(otraAlternativa(indices, rutina, 'Bloqueador', -1).Bloqueador).toBe(2);
    expect(otraAlternativa(indices, rutina, 'Hidratante', 1).Hidratante).toBe(0);
  });

  it('leaves out the steps without stock, and then the routine is not complete', () => {
    expect(rutinaCompleta(rutina)).toBe(true);
    const sinBloqueador = { ...rutina, data: { ...rutina.data, Bloqueador: [] } };
    expect(categoriasConStock(sinBloqueador)).toEqual(['Limpieza', 'Hidratante']);
    expect(productosElegidos(sinBloqueador, indicesIniciales(sinBloqueador))).toHaveLength(2);
    expect(rutinaCompleta(sinBloqueador)).toBe(false);
    expect(otraAlternativa({ Bloqueador: 0 }, sinBloqueador, 'Bloqueador', 1)).toEqual({ Bloqueador: 0 });
  });
});
