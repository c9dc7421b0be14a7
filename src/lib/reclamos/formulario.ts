import { TELEFONO, type DocType } from '../api/account-rules.ts';
import type { ClienteApi } from '../api/account-schemas.ts';
import type { ReclamoNuevo, TipoReclamo } from '../api/reclamos-schemas.ts';
import { faltaDetalle, MENSAJES_RECLAMO, mensajeCorto, MONTO_MAXIMO, REGLAS_RECLAMO, type ReglaTexto } from '../api/reclamos-rules.ts';
import { docNumberProblem, documentoDe } from '../account/profile.ts';
import { formatPhone, phoneDigits } from '../account/phone.ts';
import { atMostTwoDecimals } from '../pricing/money.ts';

/**
 * The Libro de Reclamaciones form (issue 23): the hoja de reclamación as the consumer types it, its
 * prefill from a signed-in customer, the browser's checks (the server's rules and messages, from
 * reclamos-rules.ts) and the request body built from it.
 */

/** The sheet as typed: every field a string (the phone as shown, '987 654 321'), the type '' until chosen. */
export interface FormularioReclamo {
  tipo: TipoReclamo | '';
  nombre: string;
  documentoTipo: DocType;
  documentoNumero: string;
  direccion: string;
  telefono: string;
  correo: string;
  menorDeEdad: boolean;
  apoderadoNombre: string;
  apoderadoDocumentoTipo: DocType;
  apoderadoDocumentoNumero: string;
  bienTipo: 'producto' | 'servicio';
  descripcion: string;
  pedido: string;
  monto: string;
  detalle: string;
  pedidoConsumidor: string;
}

/** A field the checks refused and why: the form focuses the field and shows the message under it. */
export interface ProblemaReclamo {
  campo: keyof FormularioReclamo;
  mensaje: string;
}

/** An empty sheet, with the order number of `?pedido=N` when the consumer came from an order. */
export const formularioVacio = (pedido = ''): FormularioReclamo => ({
  tipo: '',
  nombre: '',
  documentoTipo: 'DNI',
  documentoNumero: '',
  direccion: '',
  telefono: '',
  correo: '',
  menorDeEdad: false,
  apoderadoNombre: '',
  apoderadoDocumentoTipo: 'DNI',
  apoderadoDocumentoNumero: '',
  bienTipo: 'producto',
  descripcion: '',
  pedido,
  monto: '',
  detalle: '',
  pedidoConsumidor: '',
});

/**
 * The sheet with the customer's data (name, document, address, phone, e-mail) in the fields still
 * empty: the profile arrives after the page is shown, and what the consumer already typed stays.
 */
export function conDatosDelCliente(form: FormularioReclamo, cliente: ClienteApi): FormularioReclamo {
  const documento = documentoDe(cliente);
  const vacio = (campo: 'nombre' | 'direccion' | 'telefono' | 'correo') => form[campo].trim() === '';
  return {
    ...form,
    nombre: vacio('nombre') ? (cliente.nombre ?? '').trim() : form.nombre,
    direccion: vacio('direccion') ? (cliente.direccion ?? '').trim() : form.direccion,
    telefono: vacio('telefono') ? formatPhone(cliente.telefono ?? '') : form.telefono,
    correo: vacio('correo') ? (cliente.correo ?? '').trim() : form.correo,
    ...(documento && form.documentoNumero === '' ? { documentoTipo: documento.type, documentoNumero: documento.number } : {}),
  };
}

/** A text's problem by its rule: missing, or shorter than its minimum (the inputs' maxLength keeps it short enough). */
function problemaDeTexto(valor: string, regla: ReglaTexto, falta = regla.falta): string | null {
  const texto = valor.trim();
  if (texto === '') return falta;
  return texto.length < regla.minimo ? mensajeCorto(regla) : null;
}

/** The amount typed ('1 250,50' or '1250.50') as a number of soles; NaN when it is not one. */
export const montoDe = (texto: string) =>
  /^\d+([.,]\d+)?$/.test(texto.replace(/\s/g, '')) ? Number(texto.replace(/\s/g, '').replace(',', '.')) : Number.NaN;

/** The amount's problem, or null (blank is no amount). */
function problemaDeMonto(texto: string): string | null {
  if (texto.trim() === '') return null;
  if (texto.trim().startsWith('-')) return MENSAJES_RECLAMO.montoNegativo;
  const monto = montoDe(texto);
  if (Number.isNaN(monto)) return MENSAJES_RECLAMO.montoNoNumero;
  if (monto > MONTO_MAXIMO) return MENSAJES_RECLAMO.montoAlto;
  return atMostTwoDecimals(monto) ? null : MENSAJES_RECLAMO.montoDecimales;
}

/** A plausible e-mail: the server's check is the stricter one and answers its own message. */
const CORREO = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The first field, in the sheet's order, the server would refuse, with the server's message; null when it can be sent. */
export function problemaDe(form: FormularioReclamo): ProblemaReclamo | null {
  const checks: [keyof FormularioReclamo, () => string | null][] = [
    ['nombre', () => problemaDeTexto(form.nombre, REGLAS_RECLAMO.nombre)],
    [
      'documentoNumero',
      () =>
        problemaDeTexto(form.documentoNumero, REGLAS_RECLAMO.documentoNumero) ??
        docNumberProblem(form.documentoTipo, form.documentoNumero.trim()),
    ],
    ['direccion', () => problemaDeTexto(form.direccion, REGLAS_RECLAMO.direccion)],
    ['telefono', () => (form.telefono.trim() === '' || TELEFONO.pattern.test(phoneDigits(form.telefono)) ? null : TELEFONO.mensaje)],
    [
      'correo',
      () =>
        problemaDeTexto(form.correo, REGLAS_RECLAMO.correo) ?? (CORREO.test(form.correo.trim()) ? null : MENSAJES_RECLAMO.correoInvalido),
    ],
    ['apoderadoNombre', () => (form.menorDeEdad ? problemaDeTexto(form.apoderadoNombre, REGLAS_RECLAMO.apoderadoNombre) : null)],
    [
      'apoderadoDocumentoNumero',
      () =>
        form.menorDeEdad
          ? (problemaDeTexto(form.apoderadoDocumentoNumero, REGLAS_RECLAMO.apoderadoDocumentoNumero) ??
            docNumberProblem(form.apoderadoDocumentoTipo, form.apoderadoDocumentoNumero.trim()))
          : null,
    ],
    ['descripcion', () => problemaDeTexto(form.descripcion, REGLAS_RECLAMO.descripcion)],
    ['monto', () => problemaDeMonto(form.monto)],
    ['tipo', () => (form.tipo === '' ? MENSAJES_RECLAMO.tipo : null)],
    ['detalle', () => problemaDeTexto(form.detalle, REGLAS_RECLAMO.detalle, faltaDetalle(form.tipo || 'reclamo'))],
    ['pedidoConsumidor', () => problemaDeTexto(form.pedidoConsumidor, REGLAS_RECLAMO.pedidoConsumidor)],
  ];
  for (const [campo, check] of checks) {
    const mensaje = check();
    if (mensaje) return { campo, mensaje };
  }
  return null;
}

/** The request body of a checked sheet: texts trimmed, the phone's digits, numbers as numbers, the guardian only for a minor. */
export function cuerpoDe(form: FormularioReclamo & { tipo: TipoReclamo }): ReclamoNuevo {
  const telefono = phoneDigits(form.telefono);
  return {
    tipo: form.tipo,
    consumidor: {
      nombre: form.nombre.trim(),
      documentoTipo: form.documentoTipo,
      documentoNumero: form.documentoNumero.trim(),
      direccion: form.direccion.trim(),
      ...(telefono ? { telefono } : {}),
      correo: form.correo.trim(),
      menorDeEdad: form.menorDeEdad,
      ...(form.menorDeEdad
        ? {
            apoderado: {
              nombre: form.apoderadoNombre.trim(),
              documentoTipo: form.apoderadoDocumentoTipo,
              documentoNumero: form.apoderadoDocumentoNumero.trim(),
            },
          }
        : {}),
    },
    bien: { tipo: form.bienTipo, descripcion: form.descripcion.trim(), ...(form.pedido.trim() ? { pedido: Number(form.pedido) } : {}) },
    ...(form.monto.trim() ? { monto: montoDe(form.monto) } : {}),
    detalle: form.detalle.trim(),
    pedidoConsumidor: form.pedidoConsumidor.trim(),
  };
}
