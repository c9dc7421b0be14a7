import type { FiltrosPiel, ProductoRutina, RutinaRecomendada } from '../api/routine-schemas.ts';
import { NIVELES_RUTINA, type NivelRutina } from './pasos.ts';
import { foldText } from '../text.ts';

/**
 * The routine builder's questions and their rules (checkout §2, Routine builder): skin type, then
 * age group, then concern, then level; choosing an earlier answer resets the later ones; the
 * routine's alternatives per step are browsed by index.
 */

/** The builder's questions, in order. */
export const PREGUNTAS = ['tipoPiel', 'grupoEdad', 'inquietudPiel', 'nivel'] as const;
export type Pregunta = (typeof PREGUNTAS)[number];

/** The shopper's answers so far; a later answer exists only with every earlier one. */
export interface Respuestas {
  tipoPiel?: string;
  grupoEdad?: string;
  inquietudPiel?: string;
  nivel?: NivelRutina;
}

/** Answers `pregunta` with `valor` and forgets every later answer (checkout §2: choosing an earlier step resets the later ones). */
export function responder(respuestas: Respuestas, pregunta: Pregunta, valor: string): Respuestas {
  const index = PREGUNTAS.indexOf(pregunta);
  const kept: Respuestas = {};
  for (const earlier of PREGUNTAS.slice(0, index)) {
    if (respuestas[earlier] === undefined) return respuestas;
    Object.assign(kept, { [earlier]: respuestas[earlier] });
  }
  return { ...kept, [pregunta]: valor };
}

/** Goes back to `pregunta`: it and every later answer are forgotten. */
export function volverA(respuestas: Respuestas, pregunta: Pregunta): Respuestas {
  const kept: Respuestas = {};
  for (const earlier of PREGUNTAS.slice(0, PREGUNTAS.indexOf(pregunta))) Object.assign(kept, { [earlier]: respuestas[earlier] });
  return kept;
}

/** The first unanswered question, or null when all are answered. */
export const preguntaActual = (respuestas: Respuestas): Pregunta | null =>
  PREGUNTAS.find((pregunta) => respuestas[pregunta] === undefined) ?? null;

/** The skin filters of the answers so far (for the product count and the routine). */
export const filtrosDe = ({ tipoPiel, grupoEdad, inquietudPiel }: Respuestas, alergias = ''): FiltrosPiel => ({
  tipoPiel: tipoPiel ?? '',
  grupoEdad: grupoEdad ?? '',
  inquietudPiel: inquietudPiel ?? '',
  alergias,
});

/** Which alternative is shown for each step of the routine, by step name. */
export type Indices = Record<string, number>;

/** Every step starts at its first alternative (checkout §2: choosing the level resets each index to 0). */
export const indicesIniciales = (rutina: Pick<RutinaRecomendada, 'categoriasIncluidas'>): Indices =>
  Object.fromEntries(rutina.categoriasIncluidas.map((categoria) => [categoria, 0]));

/** Moves a step to its next (1) or previous (−1) alternative, wrapping around. */
export function otraAlternativa(indices: Indices, rutina: Pick<RutinaRecomendada, 'data'>, categoria: string, paso: 1 | -1): Indices {
  const total = rutina.data[categoria]?.length ?? 0;
  if (total === 0) return indices;
  return { ...indices, [categoria]: ((indices[categoria] ?? 0) + paso + total) % total };
}

/** The steps that have products, in order; the first is selected when the routine arrives. */
export const categoriasConStock = (rutina: Pick<RutinaRecomendada, 'categoriasIncluidas' | 'data'>) =>
  rutina.categoriasIncluidas.filter((categoria) => (rutina.data[categoria]?.length ?? 0) > 0);

/** The product shown for each step with stock, in the routine's order. */
export const productosElegidos = (rutina: Pick<RutinaRecomendada, 'categoriasIncluidas' | 'data'>, indices: Indices): ProductoRutina[] =>
  categoriasConStock(rutina).map((categoria) => rutina.data[categoria]![indices[categoria] ?? 0]!);

/** Whether every step of the level has a product: only a complete routine carries the bundle discount. */
export const rutinaCompleta = (rutina: Pick<RutinaRecomendada, 'categoriasIncluidas' | 'data' | 'nivelRutina'>) =>
  categoriasConStock(rutina).length === NIVELES_RUTINA[rutina.nivelRutina].pasos;

/** Short explanations of the usual answers, for a guided consultation; unknown values have none. */
export const EXPLICACIONES: Record<string, string> = {
  normal: 'Equilibrada, sin brillo ni tirantez marcados.',
  seca: 'Se siente tirante y puede descamarse; pide nutrición.',
  grasa: 'Brillo en todo el rostro y poros visibles.',
  mixta: 'Zona T con brillo y mejillas normales o secas.',
  sensible: 'Se enrojece o irrita con facilidad.',
};

/** What each level means for the shopper's day. */
export const NIVELES_TEXTO: Record<NivelRutina, string> = {
  principiante: 'Lo esencial: limpiar, hidratar y proteger. Ideal para empezar.',
  intermedio: 'Suma tónico y sérum para tratar tu inquietud principal.',
  avanzado: 'La rutina coreana completa, con esencia y contorno de ojos.',
};

/** The explanation of an answer, matched without accents or case. */
export const explicacion = (valor: string) => EXPLICACIONES[foldText(valor)];
