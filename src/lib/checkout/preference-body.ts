import type { DocType } from '../api/account-rules.ts';
import type { ClienteApi } from '../api/account-schemas.ts';
import type { ComprobanteBody, DOCUMENTO_TIPOS_PAGO, PreferenciaBody } from '../api/checkout-schemas.ts';
import type { CheckoutPayload } from '../cart/checkout-payload.ts';
import { documentoDe } from '../account/profile.ts';
import { isHomeDelivery } from '../shipping/methods.ts';

/** The customer data the order carries: the loaded profile, or only what the session knows. */
export type Comprador = Partial<
  Pick<ClienteApi, 'nombre' | 'apellido' | 'correo' | 'telefono' | 'ciudad' | 'direccion' | 'dni' | 'pasaporte' | 'carnetExtranjeria'>
>;

/** The profile's document types ('CARNET EXTRANJERIA') as the payment metadata spells them. */
const DOCUMENTO_PAGO: Record<DocType, (typeof DOCUMENTO_TIPOS_PAGO)[number]> = {
  DNI: 'DNI',
  PASAPORTE: 'PASAPORTE',
  'CARNET EXTRANJERIA': 'CARNET_EXTRANJERIA',
};

const sinVacios = <T extends Record<string, unknown>>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== '')) as T;

/**
 * The body of /carrito/cotizar and /carrito/create-preference (checkout §7) from the state the cart
 * carried to checkout: the lines with their charged unit prices, pickup or delivery, the coupon, the
 * customer and their identity document, the figures the shopper saw (claims the server checks) and,
 * when given, the receipt asked for (without it the server issues a boleta).
 */
export function preferenceBody(
  payload: CheckoutPayload,
  userId: number,
  comprador: Comprador,
  comprobante?: ComprobanteBody,
): PreferenciaBody {
  const recojo = !isHomeDelivery(payload.envio.metodo);
  const documento = documentoDe({
    dni: comprador.dni ?? '',
    pasaporte: comprador.pasaporte ?? '',
    carnetExtranjeria: comprador.carnetExtranjeria ?? '',
  });
  return {
    cart: payload.productos.map((line) =>
      sinVacios({
        id: line.idProducto,
        nombre: line.nombre,
        precio: line.precio,
        cantidad: line.cantidad,
        selectedColor: line.selectedColor,
        selectedSize: line.selectedSize,
        img: line.img,
        precio_unitario: line.precio_unitario,
        precio_con_descuento: line.precio_con_descuento,
        esProductoRutina: line.esProductoRutina,
        rutinaNivel: line.rutinaNivel,
        rutinaId: line.rutinaId,
      }),
    ),
    Recojo: recojo,
    descuento: payload.resumen.descuento,
    codigo_descuento: payload.discountCode,
    porcentaje_descuento: payload.discountPercentage,
    metadata: sinVacios({
      id_usuario: userId,
      recojo,
      direccion_completa: payload.Direccion,
      metodo_envio: payload.envio.metodo,
      costo_envio: payload.CostoEnvio,
      nombre: comprador.nombre,
      apellido: comprador.apellido,
      correo: comprador.correo,
      telefono: comprador.telefono,
      ciudad: comprador.ciudad || payload.destino?.provincia,
      direccion: comprador.direccion,
      documento_tipo: documento ? DOCUMENTO_PAGO[documento.type] : undefined,
      documento_numero: documento?.number,
      codigo_descuento: payload.discountCode,
      porcentaje_descuento: payload.discountPercentage,
      descuento_aplicado: payload.discountCode !== null && payload.resumen.descuento > 0,
    }),
    destino: recojo ? null : payload.destino,
    total: payload.resumen.total,
    ...(comprobante ? { comprobante } : {}),
  };
}
