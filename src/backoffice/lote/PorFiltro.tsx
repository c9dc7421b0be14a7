import { useForm } from 'react-hook-form';
import type { LoteFiltroCuerpo } from '../../lib/api/lote-schemas.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { numeroEscrito } from './ediciones.ts';

/** The change a filter's products all get (without the filter and simulacro, which the screen adds). */
export type CambioPorFiltro = Omit<LoteFiltroCuerpo, 'filtro' | 'simulacro'>;

interface Valores {
  precioPorcentaje: string;
  descuento: string;
  descuentoDesde: string;
  descuentoHasta: string;
  visible: string;
}

/** The form's values as the call's change: empty fields change nothing. */
export function cambioDe(valores: Valores): CambioPorFiltro {
  const cambio: CambioPorFiltro = {};
  if (valores.precioPorcentaje.trim()) cambio.precioPorcentaje = numeroEscrito(valores.precioPorcentaje);
  if (valores.descuento.trim()) cambio.descuento = numeroEscrito(valores.descuento);
  if (valores.descuentoDesde) cambio.descuentoDesde = valores.descuentoDesde;
  if (valores.descuentoHasta) cambio.descuentoHasta = valores.descuentoHasta;
  if (valores.visible) cambio.visible = valores.visible === 'si';
  return cambio;
}

/**
 * 'Cambiar todo el filtro': one change for every product the filter finds (not only this page), e.g.
 * 'Marca Anua: −10 % hasta el 31/12'. It asks for the preview first; saving happens from the preview.
 */
export default function PorFiltro({
  total,
  ocupado,
  alPrever,
}: {
  total: number;
  ocupado: boolean;
  alPrever: (cambio: CambioPorFiltro) => void;
}) {
  const { register, handleSubmit } = useForm<Valores>({
    defaultValues: { precioPorcentaje: '', descuento: '', descuentoDesde: '', descuentoHasta: '', visible: '' },
  });
  return (
    <details className="card bo-lote-filtro">
      <summary>
        Cambiar todos los productos del filtro ({total} {total === 1 ? 'producto' : 'productos'})
      </summary>
      <form onSubmit={(event) => void handleSubmit((valores) => alPrever(cambioDe(valores)))(event)} aria-label="Cambio por filtro">
        <p className="bo-nota">
          Se aplica a todos los productos del filtro, no solo a los de esta página. Deja vacío lo que no quieras cambiar.
        </p>
        <div className="bo-filtros__rejilla">
          <Campo etiqueta="Precio: cambio en %" pista="Por ejemplo -10 o 5." inputMode="decimal" {...register('precioPorcentaje')} />
          <Campo etiqueta="Descuento (%)" pista="0 quita el descuento." inputMode="decimal" {...register('descuento')} />
          <Campo etiqueta="Descuento desde" type="date" {...register('descuentoDesde')} />
          <Campo etiqueta="Descuento hasta" type="date" pista="Último día con descuento (hora de Lima)." {...register('descuentoHasta')} />
          <Selector etiqueta="Visible en la tienda" {...register('visible')}>
            <option value="">Sin cambio</option>
            <option value="si">Mostrar</option>
            <option value="no">Ocultar</option>
          </Selector>
        </div>
        <button type="submit" className="btn bo-btn--sm bo-lote-filtrar" disabled={ocupado || total === 0}>
          Ver vista previa del cambio por filtro
        </button>
      </form>
    </details>
  );
}
