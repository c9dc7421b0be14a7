import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '../../demo/taxonomy.ts';
import { NIVELES, NIVELES_RUTINA, nivelPorPasos, pasoDeCategoria, PASOS_RUTINA, pasosDeNivel } from './pasos.ts';

const nombres = (nivel: (typeof NIVELES)[number]) => pasosDeNivel(nivel).map((paso) => paso.nombre);

describe('routine steps', () => {
  it('gives each level its steps in K-beauty order', () => {
    expect(nombres('principiante')).toEqual(['Limpieza', 'Hidratante', 'Bloqueador']);
    expect(nombres('intermedio')).toEqual(['Limpieza', 'Tónico', 'Sérum', 'Hidratante', 'Bloqueador']);
    expect(nombres('avanzado')).toEqual(['Limpieza', 'Tónico', 'Esencia', 'Sérum', 'Contorno de ojos', 'Hidratante', 'Bloqueador']);
    for (const nivel of NIVELES) expect(pasosDeNivel(nivel)).toHaveLength(NIVELES_RUTINA[nivel].pasos);
  });

  it('prices the levels at 0, 5 and 10 percent and finds them by step count', () => {
    expect(NIVELES.map((nivel) => [NIVELES_RUTINA[nivel].pasos, NIVELES_RUTINA[nivel].descuento])).toEqual([
      [3, 0],
      [5, 5],
      [7, 10],
    ]);
    expect([3, 5, 7, 4].map(nivelPorPasos)).toEqual(['principiante', 'intermedio', 'avanzado', undefined]);
  });

  it("maps every step to real categorías of the catalogue's Cuidado line, each categoría to one step", () => {
    const cuidado = TAXONOMY.find((linea) => linea.linea === 'Cuidado')!.categorias.map((categoria) => categoria.nombre);
    const all = PASOS_RUTINA.flatMap((paso) => paso.categorias);
    for (const categoria of all) expect(cuidado).toContain(categoria);
    expect(new Set(all).size).toBe(all.length);
  });

  it('finds the step of a categoría ignoring case and accents', () => {
    expect(pasoDeCategoria('serum')?.clave).toBe('serum');
    expect(pasoDeCategoria(' LOCIÓN ')?.clave).toBe('hidratante');
    expect(pasoDeCategoria('Crema')?.clave).toBe('hidratante');
    expect(pasoDeCategoria('Mascarillas')).toBeUndefined();
  });
});
