/** Routine levels (checkout §3 and §9): steps and the bundle discount of a full routine. */
export const NIVELES_RUTINA = {
  principiante: { pasos: 3, descuento: 0 },
  intermedio: { pasos: 5, descuento: 5 },
  avanzado: { pasos: 7, descuento: 10 },
} as const;
export type NivelRutina = keyof typeof NIVELES_RUTINA;

/** The routine fields a cart line may carry (storefront §3). */
export interface LineaDeRutina {
  esProductoRutina?: boolean;
  rutinaNivel?: string;
  rutinaId?: string;
}

/**
 * The bundle discount, in percent, that a line receives as part of a full routine. The routine
 * builder has not shipped yet, so no cart holds a routine the server can verify and no line gets
 * one; the routine issue fills this with its verification of the routine's products and level.
 */
export const routineDiscountPercent = (_line: LineaDeRutina): number => 0;
