import type { HojaReclamacion } from '../api/reclamos-schemas.ts';
import { DOC_LABELS } from '../account/profile.ts';
import { formatPhone } from '../account/phone.ts';
import { formatFecha } from '../dates.ts';
import { formatSoles } from '../pricing/money.ts';

/** The filed hoja de reclamación as the consumer reads (and prints) it: its sections as label–value rows. */

/** A row of the sheet: what the annex calls the field, and its value as shown. */
export interface FilaHoja {
  etiqueta: string;
  valor: string;
  /** A long text, shown across the whole sheet. */
  ancho?: boolean;
}

/** An instant as Lima reads it: '26/11/2026, 10:05'. */
export function fechaHoraLima(iso: string): string {
  const fecha = new Date(iso);
  if (Number.isNaN(fecha.getTime())) return '';
  return fecha.toLocaleString('es-PE', {
    timeZone: 'America/Lima',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

/** A document as shown: 'DNI 44556677'. */
const documento = ({ documentoTipo, documentoNumero }: { documentoTipo: keyof typeof DOC_LABELS; documentoNumero: string }) =>
  `${DOC_LABELS[documentoTipo]} ${documentoNumero}`;

/** The sheet's three sections (consumer, good, detail) in the annex's order; what was not given reads '—'. */
export function seccionesDeHoja(hoja: HojaReclamacion): { titulo: string; filas: FilaHoja[] }[] {
  const { consumidor, bien } = hoja;
  const apoderado = consumidor.apoderado;
  return [
    {
      titulo: '1. Identificación del consumidor reclamante',
      filas: [
        { etiqueta: 'Nombre', valor: consumidor.nombre },
        { etiqueta: 'Documento de identidad', valor: documento(consumidor) },
        { etiqueta: 'Domicilio', valor: consumidor.direccion },
        { etiqueta: 'Teléfono', valor: consumidor.telefono ? formatPhone(consumidor.telefono) : '—' },
        { etiqueta: 'Correo electrónico', valor: consumidor.correo },
        { etiqueta: 'Menor de edad', valor: consumidor.menorDeEdad ? 'Sí' : 'No' },
        ...(apoderado
          ? [
              { etiqueta: 'Padre, madre o apoderado', valor: apoderado.nombre },
              { etiqueta: 'Documento del apoderado', valor: documento(apoderado) },
            ]
          : []),
      ],
    },
    {
      titulo: '2. Identificación del bien contratado',
      filas: [
        { etiqueta: bien.tipo === 'servicio' ? 'Servicio' : 'Producto', valor: bien.descripcion, ancho: true },
        { etiqueta: 'N.° de pedido', valor: bien.pedido === null ? '—' : String(bien.pedido) },
        { etiqueta: 'Monto reclamado', valor: hoja.monto === null ? '—' : formatSoles(hoja.monto) },
      ],
    },
    {
      titulo: '3. Detalle de la reclamación y pedido del consumidor',
      filas: [
        { etiqueta: 'Tipo', valor: hoja.tipo === 'queja' ? 'Queja' : 'Reclamo' },
        { etiqueta: 'Detalle', valor: hoja.detalle, ancho: true },
        { etiqueta: 'Pedido del consumidor', valor: hoja.pedidoConsumidor, ancho: true },
      ],
    },
  ];
}

/** The deadline of the shop's answer as shown: '18/12/2026'. */
export const plazoDeHoja = (hoja: Pick<HojaReclamacion, 'plazo'>) => formatFecha(hoja.plazo);
