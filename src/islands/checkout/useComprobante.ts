import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { CAMPOS_FACTURA, problemaFactura, type CampoFactura, type ClaseComprobante } from '../../lib/api/comprobante-rules.ts';
import { problemaComprobante, sanitizeRuc, type EleccionComprobante } from '../../lib/checkout/comprobante.ts';
import { $comprobante, setComprobante, storedComprobante } from '../../stores/checkout.ts';

export type ProblemasFactura = Partial<Record<CampoFactura, string>>;

export interface ComprobanteForm {
  eleccion: EleccionComprobante;
  /** The message under each refused factura field. */
  problemas: ProblemasFactura;
  /** The id of a factura field's input (which a problem focuses). */
  campoId: (campo: CampoFactura) => string;
  elegir: (tipo: ClaseComprobante) => void;
  escribir: (campo: CampoFactura, value: string) => void;
  /** Leaving a field checks it. */
  salir: (campo: CampoFactura) => void;
  /** Before paying: a boleta or a valid factura is ready; otherwise every problem shows and the first wrong field gets the focus. */
  check: () => boolean;
}

const todosLosProblemas = (eleccion: EleccionComprobante): ProblemasFactura =>
  Object.fromEntries(
    CAMPOS_FACTURA.flatMap((campo) => {
      const mensaje = problemaFactura(campo, eleccion[campo]);
      return mensaje ? [[campo, mensaje]] : [];
    }),
  );

/**
 * The comprobante asked for at /procesoDePago (issue 23): the choice lives in the checkout store (a reload
 * keeps it); a factura's fields are checked when left and when the pay button is pressed, with the
 * server's messages, and a flagged field is checked again as it is typed in.
 */
export function useComprobante(): ComprobanteForm {
  const id = useId();
  const eleccion = useStore($comprobante);
  const [problemas, setProblemas] = useState<ProblemasFactura>({});
  const campoId = useCallback((campo: CampoFactura) => `${id}-${campo}`, [id]);

  useEffect(() => void storedComprobante(), []);

  const elegir = (tipo: ClaseComprobante) => {
    setComprobante({ ...$comprobante.get(), tipo });
    setProblemas({});
  };

  const escribir = (campo: CampoFactura, typed: string) => {
    const value = campo === 'ruc' ? sanitizeRuc(typed) : typed;
    setComprobante({ ...$comprobante.get(), [campo]: value });
    setProblemas((current) => (current[campo] ? { ...current, [campo]: problemaFactura(campo, value) ?? undefined } : current));
  };

  const salir = (campo: CampoFactura) =>
    setProblemas((current) => ({ ...current, [campo]: problemaFactura(campo, $comprobante.get()[campo]) ?? undefined }));

  const check = useCallback(() => {
    const actual = $comprobante.get();
    const primero = problemaComprobante(actual);
    setProblemas(actual.tipo === 'factura' ? todosLosProblemas(actual) : {});
    if (!primero) return true;
    document.getElementById(campoId(primero.campo))?.focus();
    return false;
  }, [campoId]);

  return { eleccion, problemas, campoId, elegir, escribir, salir, check };
}
