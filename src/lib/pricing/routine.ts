import { isNivelRutina, NIVELES_RUTINA, type NivelRutina, type PasoClave } from '../routine/pasos.ts';

export { NIVELES_RUTINA, type NivelRutina } from '../routine/pasos.ts';

/** The routine fields a cart line may carry (storefront §3), plus the step its product fills. */
export interface LineaDeRutina {
  idProducto: number;
  cantidad: number;
  esProductoRutina?: boolean;
  rutinaNivel?: string;
  rutinaId?: string;
  /**
   * The routine step the line's product fills. In the cart it is what the routine builder said; the
   * server overwrites it from the product's categoría in the database before pricing, so a client
   * cannot claim a step (or a routine) its products do not make.
   */
  rutinaPaso?: PasoClave;
}

/**
 * The complete routines among the lines, as rutinaId → level. A routine is complete when its lines
 * (those sharing one rutinaId) all name the same level, are as many as the level's steps, each fill
 * a different step of that level, and each hold one unit.
 */
export function rutinasCompletas(lines: readonly LineaDeRutina[]): Map<string, NivelRutina> {
  const groups = new Map<string, LineaDeRutina[]>();
  for (const line of lines) {
    if (!line.esProductoRutina || !line.rutinaId) continue;
    groups.set(line.rutinaId, [...(groups.get(line.rutinaId) ?? []), line]);
  }
  const completas = new Map<string, NivelRutina>();
  for (const [rutinaId, group] of groups) {
    const nivel = group[0]!.rutinaNivel;
    if (isNivelRutina(nivel) && isComplete(group, nivel)) completas.set(rutinaId, nivel);
  }
  return completas;
}

function isComplete(group: LineaDeRutina[], nivel: NivelRutina): boolean {
  const { pasos, claves } = NIVELES_RUTINA[nivel];
  const steps = new Set(group.map((line) => line.rutinaPaso));
  return (
    group.length === pasos &&
    group.every((line) => line.rutinaNivel === nivel && line.cantidad === 1) &&
    steps.size === pasos &&
    [...steps].every((paso) => paso !== undefined && (claves as readonly string[]).includes(paso))
  );
}

/** The bundle discount, in percent, of a line: its level's when it belongs to a complete routine, else 0. */
export function routineDiscountPercent(line: LineaDeRutina, completas: ReadonlyMap<string, NivelRutina>): number {
  const nivel = line.esProductoRutina && line.rutinaId ? completas.get(line.rutinaId) : undefined;
  return nivel ? NIVELES_RUTINA[nivel].descuento : 0;
}

/** Each line's bundle discount in percent (checkout §9: 0, 5 or 10 for a complete routine; 0 otherwise). */
export function routineDiscounts(lines: readonly LineaDeRutina[]): number[] {
  const completas = rutinasCompletas(lines);
  return lines.map((line) => routineDiscountPercent(line, completas));
}
