/**
 * SUNAT's answer codes the shop meets most, each said as one plain sentence for the owner (what happened
 * and what to do), beside which the screens keep SUNAT's own code and message (decision 0211). The codes
 * and their ranges are SUNAT's (CPE web service's return codes): 0 accepted; 0100–1999 exceptions, not
 * processed (the same number goes again); 2000–3999 rejections (the number is used: a new receipt
 * replaces it); 4000 and above, observations (accepted and valid). A code not in the table has no
 * sentence: the screens show SUNAT's own message, never a guess.
 */

const REENVIO = 'No es un problema del comprobante: se vuelve a enviar con el mismo número.';
const NUEVO = 'Corrige los datos del comprador y emite uno nuevo (con el siguiente número de la serie).';
const VALIDO = 'El comprobante es válido.';

export const CODIGOS_SUNAT: Readonly<Record<string, string>> = {
  '0': 'SUNAT aceptó el comprobante: es válido.',
  // Exceptions: SUNAT did not process it.
  '0100': `SUNAT no pudo atender el envío en ese momento. ${REENVIO}`,
  '0109': `El servicio de SUNAT no estaba disponible. ${REENVIO}`,
  '0111':
    'La cuenta con la que se envía no tiene permiso de SUNAT para enviar comprobantes electrónicos. Revisa la configuración con tu proveedor (Nubefact).',
  '0130': `SUNAT no respondió a tiempo. ${REENVIO}`,
  '0200': `SUNAT tuvo un error al procesarlo. ${REENVIO}`,
  '1032': 'SUNAT ya tiene este número como anulado o rechazado: no se vuelve a enviar; hace falta un comprobante nuevo, con otro número.',
  '1033':
    'SUNAT ya tiene este número registrado con otros datos. Revisa el comprobante en el portal de tu proveedor antes de hacer nada más.',
  // Rejections: the number is used.
  '2010': 'SUNAT dice que el RUC de la tienda (el emisor) no está activo. Regulariza el RUC con SUNAT antes de volver a emitir.',
  '2011':
    'SUNAT dice que el RUC de la tienda (el emisor) figura como no habido. Regulariza el domicilio fiscal con SUNAT antes de volver a emitir.',
  '2012': 'SUNAT no autoriza a la tienda a emitir comprobantes electrónicos. Revisa la afiliación con SUNAT y con tu proveedor.',
  '2014': `Faltó el número de documento del comprador. ${NUEVO}`,
  '2015': `Faltó el tipo de documento del comprador. ${NUEVO}`,
  '2016': `El tipo de documento del comprador no vale para este comprobante. ${NUEVO}`,
  '2017':
    'Una factura necesita el RUC del comprador y el número enviado no es un RUC. Corrige el RUC y la razón social y emite una factura nueva.',
  '2021': `Faltó la razón social o el nombre del comprador. ${NUEVO}`,
  '2022': `La razón social o el nombre del comprador no tiene un formato válido (muy corto o con caracteres no permitidos). ${NUEVO}`,
  '2335': 'SUNAT dice que el documento cambió después de firmarse. Emite uno nuevo; si vuelve a pasar, escribe a tu proveedor.',
  '2800': `El tipo de documento del comprador no está permitido en este comprobante (por ejemplo, una factura a nombre de un DNI). ${NUEVO}`,
  '2801': `El DNI del comprador no es válido: tiene que tener 8 números. ${NUEVO}`,
  '2802': `El número de documento del comprador no tiene un formato válido. ${NUEVO}`,
  // Observations: accepted.
  '4013': `Aceptado con una observación: el RUC del comprador no está activo en SUNAT. ${VALIDO} Puedes avisar al cliente.`,
  '4014': `Aceptado con una observación: el RUC del comprador figura como no habido en SUNAT. ${VALIDO}`,
  '4252': `Aceptado con una observación de formato menor. ${VALIDO} No hace falta hacer nada.`,
  '4287': `Aceptado con una observación: el precio unitario difiere del calculado por un redondeo. ${VALIDO} No hace falta hacer nada.`,
};

/** A code as SUNAT writes it: four digits (109 → 0109), 0 as 0; null for what is no code. */
export function normalizarCodigoSunat(codigo: string | null | undefined): string | null {
  const limpio = codigo?.trim() ?? '';
  if (!/^\d{1,4}$/.test(limpio)) return null;
  const numero = Number(limpio);
  return numero === 0 ? '0' : String(numero).padStart(4, '0');
}

/** The plain sentence of a code; null when the table does not know it (show SUNAT's message). */
export function explicarCodigoSunat(codigo: string | null | undefined): string | null {
  const normal = normalizarCodigoSunat(codigo);
  return normal === null ? null : (CODIGOS_SUNAT[normal] ?? null);
}

/** The code an observation starts with ('4287 - El precio unitario…'); null when it names none. */
export const codigoDeObservacion = (observacion: string | null | undefined): string | null =>
  normalizarCodigoSunat(/^\s*(\d{4})\b/.exec(observacion ?? '')?.[1]);
