import { METODO_YAPE } from '../../lib/api/yape-rules.ts';
import { metodoDeLaLista } from '../../lib/api/metodos-pago.ts';
import type { PanelDePago } from './panel-de-pago.ts';
import { usePanelTransferencia } from './useTransferencia.tsx';
import { usePanelYape } from './useYape.ts';

/**
 * The checkout panels of the payment methods that have one, by the list's id (issue 35): one line per
 * method, its hook in its own island file. A hook runs on every render, so the list is fixed.
 */
export function usePanelesDePago(): Record<string, PanelDePago> {
  return { [METODO_YAPE.id]: usePanelYape(), [metodoDeLaLista('transferencia').id]: usePanelTransferencia() };
}
