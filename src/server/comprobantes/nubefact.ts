import { fechaLima } from '../../lib/dates.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { COMPROBANTES } from '../../lib/tienda.ts';
import type { TipoComprobante } from '../db/schema/comprobantes.ts';
import {
  MOTIVO_ANULACION,
  ProveedorNoResponde,
  type EnvioComprobante,
  type ProveedorComprobantes,
  type ReferenciaComprobante,
  type Respuesta,
} from './proveedor.ts';

/**
 * Nubefact's JSON API (an OSE/PSE many Peruvian shops use): one URL per account (its RUTA), the token
 * in `Authorization: Token token="…"`, a JSON body whose `operacion` is `generar_comprobante` or
 * `consultar_comprobante`; the answer carries SUNAT's acceptance, its code and description, and the
 * PDF, XML and CDR links. Amounts are soles with two decimals (the unit value with up to ten).
 */

/** Nubefact's codes of the document types. */
const TIPO_NUBEFACT: Record<TipoComprobante, number> = { '01': 1, '03': 2, '07': 3 };

/** Nubefact's error codes that mean "try again later" or "fix the settings", not "this receipt is wrong". */
const ERRORES_DE_CUENTA = new Set([10, 11, 12, 40, 50, 51]);
/** The document already exists at Nubefact (a retry whose first answer was lost), and it does not exist there. */
const YA_EXISTE = 23;
const NO_EXISTE = 24;

const soles = (centimos: number) => toSoles(Math.round(centimos));
/** Soles with up to ten decimals (SUNAT's unit value). */
const solesPrecisos = (centimos: number) => Number(toSoles(centimos).toFixed(10));

/** DD-MM-AAAA in Lima, as Nubefact wants the date of issue. */
const fechaNubefact = (fecha: Date) => fechaLima(fecha).split('-').reverse().join('-');

/** The body of `generar_comprobante` for a receipt. */
export function cuerpoNubefact(comprobante: EnvioComprobante): Record<string, unknown> {
  const { cliente } = comprobante;
  return {
    operacion: 'generar_comprobante',
    tipo_de_comprobante: TIPO_NUBEFACT[comprobante.tipo],
    serie: comprobante.serie,
    numero: comprobante.correlativo,
    sunat_transaction: 1,
    cliente_tipo_de_documento: cliente.tipoDocumento,
    cliente_numero_de_documento: cliente.numeroDocumento,
    cliente_denominacion: cliente.denominacion,
    cliente_direccion: cliente.direccion,
    cliente_email: cliente.correo,
    fecha_de_emision: fechaNubefact(comprobante.emitido),
    moneda: 1,
    porcentaje_de_igv: COMPROBANTES.igvPorcentaje,
    total_descuento: comprobante.descuentos > 0 ? soles(comprobante.descuentos) : '',
    total_gravada: soles(comprobante.gravada),
    total_igv: soles(comprobante.igv),
    total: soles(comprobante.total),
    detraccion: false,
    enviar_automaticamente_a_la_sunat: true,
    enviar_automaticamente_al_cliente: false,
    ...(comprobante.modifica
      ? {
          documento_que_se_modifica_tipo: TIPO_NUBEFACT[comprobante.modifica.tipo],
          documento_que_se_modifica_serie: comprobante.modifica.serie,
          documento_que_se_modifica_numero: comprobante.modifica.correlativo,
          tipo_de_nota_de_credito: Number(comprobante.motivoCodigo ?? MOTIVO_ANULACION.codigo),
          observaciones: comprobante.motivo ?? MOTIVO_ANULACION.descripcion,
        }
      : {}),
    items: comprobante.items.map((item) => ({
      unidad_de_medida: item.unidad,
      codigo: item.codigo,
      descripcion: item.descripcion,
      cantidad: item.cantidad,
      valor_unitario: solesPrecisos(item.valorBruto / item.cantidad),
      precio_unitario: soles(item.precioUnitario),
      descuento: item.descuento > 0 ? soles(item.descuento) : '',
      subtotal: soles(item.valor),
      tipo_de_igv: 1,
      igv: soles(item.igv),
      total: soles(item.total),
      anticipo_regularizacion: false,
    })),
  };
}

/** Nubefact's answer about a document (the fields the shop reads). */
interface DocumentoNubefact {
  aceptada_por_sunat?: boolean;
  sunat_description?: string | null;
  sunat_note?: string | null;
  sunat_responsecode?: string | null;
  sunat_soap_error?: string | null;
  enlace_del_pdf?: string | null;
  enlace_del_xml?: string | null;
  enlace_del_cdr?: string | null;
  errors?: string;
  codigo?: number;
}

/** SUNAT's code in an answer: `sunat_responsecode`, else the leading code of a SOAP error ("2800 - …", "soap-env:Client.0109"); null when none. */
export function codigoSunatDe(doc: Pick<DocumentoNubefact, 'sunat_responsecode' | 'sunat_soap_error'>): string | null {
  const codigo = doc.sunat_responsecode?.toString().trim();
  if (codigo) return codigo;
  const soap = /(?:^|[.\s:-])(\d{4})(?=\b)/.exec(doc.sunat_soap_error?.trim() ?? '');
  return soap ? soap[1]! : null;
}

/**
 * What an answer about a document says, by SUNAT's code ranges (issue 34): accepted (aceptada_por_sunat,
 * or a code 4000+: accepted with observations, kept); rejected (2000–3999: the number is used); anything
 * else (an exception 0100–1999, a SOAP error without a rejection code, no answer yet) is not processed:
 * the same number is sent again later.
 */
export function respuestaNubefact(doc: DocumentoNubefact): Respuesta {
  const codigo = codigoSunatDe(doc);
  const numero = codigo && /^\d+$/.test(codigo) ? Number(codigo) : null;
  const nota = doc.sunat_note?.trim() || '';
  const descripcion = doc.sunat_description?.trim() || '';
  if (doc.aceptada_por_sunat || (numero !== null && numero >= 4000)) {
    const observaciones = nota || (numero !== null && numero >= 4000 ? `${codigo} - ${descripcion || 'Observación de SUNAT.'}` : null);
    return {
      estado: 'aceptado',
      mensaje: descripcion || 'Aceptado por SUNAT.',
      codigo,
      observaciones,
      pdf: doc.enlace_del_pdf || null,
      xml: doc.enlace_del_xml || null,
      cdr: doc.enlace_del_cdr || null,
    };
  }
  const texto = [descripcion, nota].filter(Boolean).join(' ') || doc.sunat_soap_error?.trim() || '';
  if (numero !== null && numero >= 2000 && numero < 4000)
    return {
      estado: 'rechazado',
      mensaje: texto || `SUNAT rechazó el comprobante (código ${codigo}).`,
      codigo,
      pdf: doc.enlace_del_pdf || null,
      xml: doc.enlace_del_xml || null,
      cdr: doc.enlace_del_cdr || null,
    };
  if (numero !== null && numero >= 100 && numero < 2000)
    return {
      estado: 'en-proceso',
      mensaje: `SUNAT no procesó el comprobante (excepción ${codigo}${texto ? `: ${texto}` : ''}); se reenvía con el mismo número.`,
    };
  return { estado: 'en-proceso', mensaje: texto || 'Enviado; SUNAT aún no responde.' };
}

export interface NubefactOptions {
  /** The account's RUTA (https://api.nubefact.com/api/v1/…). */
  url: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Nubefact behind the receipts' interface. */
export function nubefactProveedor({
  url,
  token,
  timeoutMs = COMPROBANTES.timeoutProveedorMs,
  fetch: doFetch = fetch,
}: NubefactOptions): ProveedorComprobantes {
  /** One call: the answer's status and JSON; a network failure, a timeout or a 5xx throws ProveedorNoResponde. */
  async function call(body: Record<string, unknown>): Promise<{ status: number; doc: DocumentoNubefact }> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Token token="${token}"` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProveedorNoResponde(
        timeout
          ? `Nubefact no respondió en ${timeoutMs / 1000} s.`
          : `No se pudo conectar con Nubefact: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) throw new ProveedorNoResponde(`Nubefact respondió ${response.status}: ${text.slice(0, 200)}`);
    let doc: DocumentoNubefact;
    try {
      doc = JSON.parse(text) as DocumentoNubefact;
    } catch {
      throw new ProveedorNoResponde(`Nubefact respondió ${response.status} sin JSON: ${text.slice(0, 200)}`);
    }
    if (response.status >= 400 && doc.codigo !== undefined && ERRORES_DE_CUENTA.has(doc.codigo)) {
      throw new ProveedorNoResponde(`Nubefact no atendió la solicitud (código ${doc.codigo}): ${doc.errors ?? ''}`.trim());
    }
    return { status: response.status, doc };
  }

  async function consultar(referencia: ReferenciaComprobante): Promise<Respuesta | null> {
    const { status, doc } = await call({
      operacion: 'consultar_comprobante',
      tipo_de_comprobante: TIPO_NUBEFACT[referencia.tipo],
      serie: referencia.serie,
      numero: referencia.correlativo,
    });
    if (status >= 400) {
      if (doc.codigo === NO_EXISTE) return null;
      throw new ProveedorNoResponde(
        `Nubefact no pudo consultar el comprobante (código ${doc.codigo ?? status}): ${doc.errors ?? ''}`.trim(),
      );
    }
    return respuestaNubefact(doc);
  }

  return {
    nombre: 'nubefact',
    consultar,
    async emitir(comprobante) {
      const { status, doc } = await call(cuerpoNubefact(comprobante));
      if (status < 400) return respuestaNubefact(doc);
      if (doc.codigo === YA_EXISTE) {
        const existente = await consultar(comprobante);
        if (existente) return existente;
        throw new ProveedorNoResponde(
          `Nubefact dice que el comprobante ${comprobante.serie}-${comprobante.correlativo} ya existe, pero no lo encuentra.`,
        );
      }
      // A document Nubefact refuses before SUNAT (format, data, date out of term): it never reached SUNAT,
      // so its number is still free; the operator corrects it and sends it again with that number.
      return {
        estado: 'devuelto',
        mensaje: doc.errors?.trim() || `Nubefact rechazó el comprobante (HTTP ${status}).`,
        codigo: doc.codigo === undefined ? null : String(doc.codigo),
      };
    },
  };
}
