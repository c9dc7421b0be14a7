import { foldText } from '../text.ts';

/**
 * The routine builder's levels and steps (checkout §3, §9), shared by the server (which picks the
 * products of each step from these categorías) and the browser (which shows them and prices the
 * bundle). Steps follow the K-beauty order; each maps to the catalogue's categorías (taxonomy.ts).
 */

/** A step of a routine, in K-beauty order. */
export type PasoClave = 'limpieza' | 'tonico' | 'esencia' | 'serum' | 'contorno' | 'hidratante' | 'bloqueador';

export interface PasoRutina {
  clave: PasoClave;
  /** The step's name on screen and its key in `/api/rutina-recomendada`'s data. */
  nombre: string;
  /** The catalogue categorías whose products fill the step (disjoint between steps). */
  categorias: readonly string[];
}

/** Every step, in the order a routine is applied. */
export const PASOS_RUTINA: readonly PasoRutina[] = [
  { clave: 'limpieza', nombre: 'Limpieza', categorias: ['Limpieza'] },
  { clave: 'tonico', nombre: 'Tónico', categorias: ['Tónico'] },
  { clave: 'esencia', nombre: 'Esencia', categorias: ['Esencia'] },
  { clave: 'serum', nombre: 'Sérum', categorias: ['Serúm'] },
  { clave: 'contorno', nombre: 'Contorno de ojos', categorias: ['Contorno de ojos'] },
  { clave: 'hidratante', nombre: 'Hidratante', categorias: ['Crema', 'Locion'] },
  { clave: 'bloqueador', nombre: 'Bloqueador', categorias: ['Bloqueador'] },
];

/** Routine levels: how many steps, which ones, and the bundle discount (percent) of a complete routine. */
export const NIVELES_RUTINA = {
  principiante: { etiqueta: 'Principiante', pasos: 3, descuento: 0, claves: ['limpieza', 'hidratante', 'bloqueador'] },
  intermedio: { etiqueta: 'Intermedio', pasos: 5, descuento: 5, claves: ['limpieza', 'tonico', 'serum', 'hidratante', 'bloqueador'] },
  avanzado: {
    etiqueta: 'Avanzado',
    pasos: 7,
    descuento: 10,
    claves: ['limpieza', 'tonico', 'esencia', 'serum', 'contorno', 'hidratante', 'bloqueador'],
  },
} as const satisfies Record<string, { etiqueta: string; pasos: number; descuento: number; claves: readonly PasoClave[] }>;

export type NivelRutina = keyof typeof NIVELES_RUTINA;

/** The step counts the builder offers: 3, 5 or 7. */
export type CantidadPasos = (typeof NIVELES_RUTINA)[NivelRutina]['pasos'];

export const NIVELES: readonly NivelRutina[] = ['principiante', 'intermedio', 'avanzado'];

/** Whether a value names a routine level. */
export const isNivelRutina = (value: unknown): value is NivelRutina => typeof value === 'string' && value in NIVELES_RUTINA;

/** The level with that many steps, or undefined. */
export const nivelPorPasos = (pasos: number): NivelRutina | undefined => NIVELES.find((nivel) => NIVELES_RUTINA[nivel].pasos === pasos);

/** A level's steps, in K-beauty order. */
export const pasosDeNivel = (nivel: NivelRutina): PasoRutina[] =>
  PASOS_RUTINA.filter((paso) => (NIVELES_RUTINA[nivel].claves as readonly PasoClave[]).includes(paso.clave));

/** The step a catalogue categoría fills (accent- and case-insensitive), or undefined. */
export const pasoDeCategoria = (categoria: string): PasoRutina | undefined =>
  PASOS_RUTINA.find((paso) => paso.categorias.some((nombre) => foldText(nombre) === foldText(categoria)));

/** Whether a value is a step key. */
export const isPasoClave = (value: unknown): value is PasoClave => PASOS_RUTINA.some((paso) => paso.clave === value);

/** Most products `/api/rutina-recomendada` offers per step. */
export const PRODUCTOS_POR_PASO = 20;
