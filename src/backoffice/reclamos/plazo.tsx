import type { ReclamoOperador } from '../../lib/api/reclamos-schemas.ts';
import { RECLAMOS } from '../../lib/tienda.ts';

/** A pending sheet's deadline in words, and whether it is urgent (≤ RECLAMOS.avisoDiasHabiles working days, or past it). */
export function plazoDe(reclamo: Pick<ReclamoOperador, 'estado' | 'diasHabilesRestantes'>): { texto: string; urgente: boolean } | null {
  if (reclamo.estado !== 'pendiente') return null;
  const dias = reclamo.diasHabilesRestantes;
  const urgente = dias <= RECLAMOS.avisoDiasHabiles;
  if (dias < 0) return { texto: `Vencido (hace ${dias === -1 ? '1 día hábil' : `${-dias} días hábiles`})`, urgente };
  if (dias === 0) return { texto: 'Vence hoy', urgente };
  return { texto: dias === 1 ? 'Queda 1 día hábil' : `Quedan ${dias} días hábiles`, urgente };
}

/** The deadline as a badge: red, with its words, when urgent (never colour alone). */
export function Plazo({ reclamo }: { reclamo: Pick<ReclamoOperador, 'estado' | 'diasHabilesRestantes'> }) {
  const plazo = plazoDe(reclamo);
  if (!plazo) return <span className="bo-plazo">Respondido</span>;
  return <span className={plazo.urgente ? 'bo-plazo bo-plazo--urgente' : 'bo-plazo'}>{plazo.texto}</span>;
}
