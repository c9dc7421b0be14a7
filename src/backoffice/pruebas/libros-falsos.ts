import type { DetalleComprobanteOperador } from '../../lib/api/comprobantes-schemas.ts';
import type { ReclamoOperador } from '../../lib/api/reclamos-schemas.ts';
import type { ResenaOperador } from '../../lib/api/resenas-schemas.ts';
import type { FilaStock } from '../../lib/api/stock-schemas.ts';

/** Sample complaints, reviews, receipts and products for the fake shop (cliente-falso.ts), with sensible defaults. */

/** A pending complaint sheet with `dias` working days left (negative: past its deadline). */
export function reclamoFalso(correlativo: number, dias: number, cambios: Partial<ReclamoOperador> = {}): ReclamoOperador {
  const plazo = new Date(Date.UTC(2026, 11, 10 + dias)).toISOString().slice(0, 10);
  return {
    numero: `LR-2026-${String(correlativo).padStart(6, '0')}`,
    fecha: '2026-11-20T15:00:00Z',
    proveedor: { razonSocial: 'K-Beauty Perú S.A.C.', ruc: '20123456789', direccion: 'Av. Larco 345, Miraflores' },
    tipo: 'reclamo',
    consumidor: {
      nombre: `Rosa Quispe ${correlativo}`,
      documentoTipo: 'DNI',
      documentoNumero: `4${String(correlativo).padStart(7, '0')}`,
      direccion: 'Jr. Huallaga 120, Lima',
      telefono: '987654321',
      correo: `rosa${correlativo}@correo.pe`,
      menorDeEdad: false,
      apoderado: null,
    },
    bien: { tipo: 'producto', descripcion: 'Sérum de arroz 30 ml', pedido: 40 + correlativo },
    monto: 45,
    detalle: 'El sérum llegó con la tapa rota y se derramó la mitad.',
    pedidoConsumidor: 'Que me envíen uno nuevo o me devuelvan el dinero.',
    plazo,
    estado: 'pendiente',
    respuesta: null,
    clienteId: null,
    diasHabilesRestantes: dias,
    alerta: dias < 0 ? 'vencido' : dias <= 3 ? 'vence-pronto' : null,
    respondidoPor: null,
    ...cambios,
  };
}

/** A review waiting for moderation, with a photo unless told otherwise. */
export function resenaFalsa(id: number, cambios: Partial<ResenaOperador> = {}): ResenaOperador {
  return {
    id,
    estado: 'PENDIENTE',
    producto: { idProducto: 5, nombre: 'Sérum de arroz' },
    cliente: { id: 70 + id, correo: `lucia${id}@correo.pe` },
    autor: 'Lucía G.',
    pedido: 30 + id,
    pedidoFecha: `2026-11-0${Math.min(9, id)}T14:00:00Z`,
    estrellas: 4,
    titulo: `Me encantó ${id}`,
    texto: 'Deja la piel suave y no es pegajoso. Lo volvería a comprar.',
    foto: null,
    fotoOperador: `/admin/api/resenas/${id}/foto`,
    creada: `2026-11-${String(10 + id).padStart(2, '0')}T15:00:00Z`,
    moderada: null,
    operador: null,
    motivo: null,
    ...cambios,
  };
}

/** A boleta for order `pedido` (two lines), accepted unless `cambios` say otherwise. */
export function comprobanteFalso(numero: string, cambios: Partial<DetalleComprobanteOperador> = {}): DetalleComprobanteOperador {
  const cliente = {
    tipoDocumento: '1',
    numeroDocumento: '41234567',
    denominacion: 'Rosa Quispe',
    direccion: 'Jr. Huallaga 120, Lima',
    correo: 'rosa@correo.pe',
  };
  return {
    numero,
    tipo: numero.startsWith('F') ? '01' : '03',
    nombre: numero.startsWith('F') ? 'Factura electrónica' : 'Boleta de venta electrónica',
    pedido: 41,
    emitido: '2026-11-28T10:00:00Z',
    cliente,
    total: 110,
    estado: 'aceptado',
    mensaje: 'La Boleta ha sido aceptada.',
    proveedor: 'nubefact',
    modifica: null,
    url: `/api/comprobantes/clave-${numero}`,
    pdf: null,
    xml: null,
    cdr: null,
    ultimoError: null,
    prueba: false,
    reemplaza: null,
    reemplazadoPor: null,
    observaciones: null,
    porCorregir: false,
    items: [
      {
        codigo: 'P5',
        descripcion: 'Sérum de arroz 30 ml',
        unidad: 'NIU',
        cantidad: 2,
        valorUnitario: 38.14,
        precioUnitario: 45,
        descuento: 0,
        valor: 76.27,
        igv: 13.73,
        total: 90,
      },
      {
        codigo: 'ENVIO',
        descripcion: 'Envío a domicilio',
        unidad: 'ZZ',
        cantidad: 1,
        valorUnitario: 16.95,
        precioUnitario: 20,
        descuento: 0,
        valor: 16.95,
        igv: 3.05,
        total: 20,
      },
    ],
    gravada: 93.22,
    igv: 16.78,
    descuentos: 0,
    motivo: null,
    codigoSunat: null,
    explicacion: null,
    explicacionObservaciones: null,
    acciones: [],
    notas: [],
    clienteCorregido: null,
    actualizado: '2026-11-28T10:05:00Z',
    trabajos: [
      {
        clave: `emitir-comprobante:${numero}`,
        creado: '2026-11-28T10:00:00Z',
        intentos: 1,
        maxIntentos: 8,
        terminado: '2026-11-28T10:00:05Z',
        proximo: null,
        ultimoError: null,
      },
    ],
    ...cambios,
  };
}

/** A product as the Stock screen lists it. */
export function productoStockFalso(idProducto: number, stock: number, avisos = 0, cambios: Partial<FilaStock> = {}): FilaStock {
  return {
    idProducto,
    sku: `KB-${idProducto}`,
    nombre: `Producto ${idProducto}`,
    marca: 'COSRX',
    img: `/img/p${idProducto}.webp`,
    stock,
    visible: true,
    avisos,
    ...cambios,
  };
}
