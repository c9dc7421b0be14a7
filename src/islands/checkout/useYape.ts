import { createElement, useCallback, useEffect, useId, useRef, useState, type ClipboardEvent } from 'react';
import { payWithYape as sendYapePayment, PricesChangedError, yapeAvailability } from '../../lib/api/checkout-client.ts';
import type { ComprobanteBody } from '../../lib/api/checkout-schemas.ts';
import { ApiError, serverMessage } from '../../lib/api/request.ts';
import { RECHAZO_YAPE_GENERICO, type YapeDisponible } from '../../lib/api/yape-rules.ts';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { newIdempotencyKey, preferenceErrorText } from '../../lib/checkout/pay-steps.ts';
import { preferenceBody, type Comprador } from '../../lib/checkout/preference-body.ts';
import { campoDelMensaje, OrderKey, ofertaYape, problemaYape, soloDigitos, type CampoYape } from '../../lib/checkout/yape.ts';
import { applyQuote, errorAlert, sessionRejected, validatePrices, type Sesion } from './checkout-flow.ts';
import type { PanelDePago } from './panel-de-pago.ts';
import YapePanel from './YapePanel.tsx';

export type ProblemasYape = Partial<Record<CampoYape, string>>;

export interface YapeForm {
  /** What GET /carrito/yape answered; null while unknown (or when it could not be asked: Yape is not offered). */
  disponibilidad: YapeDisponible | null;
  celular: string;
  codigo: string;
  /** The message under each refused field. */
  problemas: ProblemasYape;
  /** Mercado Pago's rejection, or a refusal not tied to one field, shown above the fields. */
  aviso: string | null;
  campoId: (campo: CampoYape) => string;
  escribir: (campo: CampoYape, typed: string) => void;
  /** A paste keeps its digits only (before the field's maxLength cuts '987 654 321'). */
  pegar: (campo: CampoYape, event: ClipboardEvent<HTMLInputElement>) => void;
  /** Leaving a field checks it. */
  salir: (campo: CampoYape) => void;
  /** Before paying: both fields valid; otherwise their problems show and the first wrong one gets the focus. */
  check: () => boolean;
  /** The phone and code to send now. */
  datos: () => DatosYape;
  /** A submission starts: the last rejection goes away. */
  enviando: () => void;
  /** How a submission ended while staying on the page. */
  resultado: (resultado: ResultadoYape) => void;
}

/**
 * The Yape panel's state (issue 24): whether the shop takes Yape (asked once when the page mounts),
 * the phone and the approval code as typed (React state only: never stored, never logged), their
 * problems, checked when a field is left, again as a flagged one is typed in, and when paying, and
 * what a rejection shows: its message, the code cleared (a code is used once) and focused.
 */
export function useYape(): YapeForm {
  const id = useId();
  const [disponibilidad, setDisponibilidad] = useState<YapeDisponible | null>(null);
  const [valores, setValores] = useState<DatosYape>({ celular: '', codigo: '' });
  const [problemas, setProblemas] = useState<ProblemasYape>({});
  const [aviso, setAviso] = useState<string | null>(null);
  const latest = useRef(valores);
  latest.current = valores;
  const prueba = useRef(false);
  prueba.current = disponibilidad?.prueba ?? false;
  const problema = (campo: CampoYape, value: string) => problemaYape(campo, value, prueba.current);
  /** The field to focus once the form is enabled again (after a submission). */
  const focusAfter = useRef<CampoYape | null>(null);
  const campoId = useCallback((campo: CampoYape) => `${id}-yape-${campo}`, [id]);

  useEffect(() => {
    let live = true;
    yapeAvailability()
      .then((answer) => live && setDisponibilidad(answer))
      .catch(() => live && setDisponibilidad({ disponible: false, maximo: 0, prueba: false }));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const campo = focusAfter.current;
    const input = campo && document.getElementById(campoId(campo));
    if (!input || insideDisabledFieldset(input)) return;
    focusAfter.current = null;
    input.focus();
  });

  const poner = (campo: CampoYape, value: string) => {
    const next = { ...latest.current, [campo]: value };
    latest.current = next;
    setValores(next);
    setProblemas((current) => (current[campo] ? { ...current, [campo]: problema(campo, value) ?? undefined } : current));
  };

  const escribir = (campo: CampoYape, typed: string) => poner(campo, soloDigitos(campo, typed));

  const pegar = (campo: CampoYape, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const actual = input.value;
    const start = input.selectionStart ?? actual.length;
    const end = input.selectionEnd ?? actual.length;
    poner(campo, soloDigitos(campo, actual.slice(0, start) + event.clipboardData.getData('text') + actual.slice(end)));
  };

  const salir = (campo: CampoYape) =>
    setProblemas((current) => ({ ...current, [campo]: problema(campo, latest.current[campo]) ?? undefined }));

  const check = useCallback(() => {
    const { celular, codigo } = latest.current;
    const found: ProblemasYape = {};
    const celularProblema = problemaYape('celular', celular, prueba.current);
    const codigoProblema = problemaYape('codigo', codigo, prueba.current);
    if (celularProblema) found.celular = celularProblema;
    if (codigoProblema) found.codigo = codigoProblema;
    setProblemas(found);
    const primero = celularProblema ? 'celular' : codigoProblema ? 'codigo' : null;
    if (!primero) return true;
    document.getElementById(campoId(primero))?.focus();
    return false;
  }, [campoId]);

  const datos = useCallback(() => ({ ...latest.current }), []);

  const enviando = useCallback(() => setAviso(null), []);

  const resultado = useCallback((fin: ResultadoYape) => {
    if (fin.tipo === 'detenido') return;
    if (fin.tipo === 'rechazado') {
      // The code was spent: a retry needs a new one. The phone stays.
      const next = { ...latest.current, codigo: '' };
      latest.current = next;
      setValores(next);
      setProblemas({});
      setAviso(fin.mensaje);
      focusAfter.current = 'codigo';
      return;
    }
    if (fin.campo) {
      setProblemas({ [fin.campo]: fin.mensaje });
      focusAfter.current = fin.campo;
    } else {
      setAviso(fin.mensaje);
      focusAfter.current = 'codigo';
    }
  }, []);

  return { disponibilidad, ...valores, problemas, aviso, campoId, escribir, pegar, salir, check, datos, enviando, resultado };
}

/**
 * Yape's panel of the checkout (issue 35's seam): offered as GET /carrito/yape says for this total (listed
 * but not selectable above its ceiling), its fields under its option, and its payment on this page with
 * the order's idempotency key (the same for every retry of this checkout).
 */
export function usePanelYape(): PanelDePago {
  const form = useYape();
  const orderKey = useRef<OrderKey>(null);
  orderKey.current ??= new OrderKey();
  return {
    oferta: (total) => ofertaYape(form.disponibilidad, total),
    campos: (total) => createElement(YapePanel, { yape: form, total }),
    check: form.check,
    async pagar({ payload, sesion, comprador, comprobante }) {
      form.enviando();
      const fin = await payWithYape(payload, sesion, comprador, comprobante, form.datos(), orderKey.current!);
      form.resultado(fin);
      return fin.tipo === 'detenido' ? fin.payload : null;
    },
  };
}

/** Whether a disabled fieldset (the form while paying) holds this element, which cannot take the focus then. */
function insideDisabledFieldset(element: HTMLElement): boolean {
  for (let node = element.parentElement; node; node = node.parentElement)
    if (node instanceof HTMLFieldSetElement && node.disabled) return true;
  return false;
}

/** What the shopper typed in the Yape panel (kept in the form's state only, never stored). */
export interface DatosYape {
  celular: string;
  codigo: string;
}

/**
 * How a Yape payment ended when the browser stays on the page: stopped before or by the server's
 * answer (`payload` to show after a price change, or null after an alerted error), rejected by Mercado
 * Pago (the form shows `mensaje` and asks for a new code), or a field refused (400).
 */
export type ResultadoYape =
  | { tipo: 'detenido'; payload: CheckoutPayload | null }
  | { tipo: 'rechazado'; mensaje: string }
  | { tipo: 'campo'; campo: CampoYape | null; mensaje: string };

/**
 * Re-validates the prices, then creates (or finds) the order and pays it with Yape: the order's
 * idempotency key from `orderKey` (the same for every retry of this checkout), a new `intento` for this
 * submission. Approved: the browser goes to the /success the server names, and this never returns.
 * The errors the Mercado Pago path alerts (session, stock, 429, 503, network) are alerted the same way.
 */
export async function payWithYape(
  payload: CheckoutPayload,
  sesion: Sesion,
  comprador: Comprador,
  comprobante: ComprobanteBody,
  { celular, codigo }: DatosYape,
  orderKey: OrderKey,
): Promise<ResultadoYape> {
  const validation = await validatePrices(payload, sesion, comprador);
  if (!validation.ok) return { tipo: 'detenido', payload: validation.payload };
  const body = preferenceBody(validation.payload, sesion.userId, comprador, comprobante);
  let paid;
  try {
    paid = await sendYapePayment(
      sesion.userId,
      sesion.token,
      { ...body, yape: { celular, codigo, intento: newIdempotencyKey() } },
      orderKey.for(body),
    );
  } catch (error) {
    // Never the request itself: it carries the phone and the code.
    console.error('No se pudo pagar con Yape', error instanceof ApiError ? error.status : (error as Error)?.name);
    if (error instanceof PricesChangedError) return { tipo: 'detenido', payload: applyQuote(validation.payload, error.cotizacion).payload };
    if (error instanceof ApiError && error.status === 402) return { tipo: 'rechazado', mensaje: error.mensaje ?? RECHAZO_YAPE_GENERICO };
    if (error instanceof ApiError && error.status === 400 && error.mensaje)
      return { tipo: 'campo', campo: campoDelMensaje(error.mensaje), mensaje: error.mensaje };
    if (error instanceof ApiError && error.status === 401) await sessionRejected(error);
    else void errorAlert(preferenceErrorText(serverMessage(error)));
    return { tipo: 'detenido', payload: null };
  }
  orderKey.forget();
  location.assign(paid.redirect);
  return new Promise<never>(() => undefined);
}
