import { describe, expect, it } from 'vitest';
import { PUNTOS_RECOJO } from '../../lib/shipping/methods.ts';
import type { Pedido, PedidoLinea } from '../db/schema/index.ts';
import { cancelledEmail, confirmationEmail, deliveredEmail, readyForPickupEmail, shippedEmail, statusEmail } from './emails.ts';

const miraflores = PUNTOS_RECOJO[0]!;

/** An order as the database holds it; pickup at Miraflores unless told otherwise. */
function pedido(overrides: Partial<Pedido> = {}): Pedido {
  const now = new Date('2025-03-10T15:30:00Z');
  return {
    id: 42,
    clienteId: 1,
    estado: 'EN PREPARACION',
    claveIdempotencia: 'k',
    creado: now,
    actualizado: now,
    expira: now,
    recojo: true,
    metodoEnvio: miraflores.metodo,
    direccion: miraflores.direccion,
    instrucciones: miraflores.instrucciones,
    horario: miraflores.horario,
    departamento: null,
    provincia: null,
    distrito: null,
    nombre: 'Ana <María>',
    apellido: 'Quispe',
    correo: 'ana@example.pe',
    telefono: '987654321',
    documentoTipo: 'DNI',
    documentoNumero: '40123456',
    comprobanteTipo: '03',
    facturaRuc: null,
    facturaRazonSocial: null,
    facturaDireccion: null,
    metodoPago: 'mercadopago',
    courier: null,
    guia: null,
    busqueda: null,
    codigoDescuento: 'KBEAUTY10',
    porcentajeDescuento: 1000,
    cuponUsuarioId: null,
    cuponGlobalId: null,
    descuentoCupon: 0,
    subtotal: 12_000,
    descuento: 1_200,
    envio: 0,
    total: 10_800,
    pasarela: 'prueba',
    preferenciaId: 'p',
    urlPago: null,
    pagoId: '9',
    pagado: now,
    fechaEntrega: null,
    ...overrides,
  };
}

const lineas: PedidoLinea[] = [
  {
    id: 1,
    pedidoId: 42,
    productoId: 5,
    nombre: 'Sérum de Caracol & Miel',
    marca: 'COSRX',
    img: '',
    color: '',
    tamano: '100 ml',
    cantidad: 2,
    precioUnitario: 6_000,
    precioConDescuento: 6_000,
    precioCobrado: 5_400,
  },
];
const delivery = (departamento: string, provincia: string) =>
  pedido({
    recojo: false,
    metodoEnvio: 'Envío a provincia (2-5 días hábiles)',
    direccion: `Calle Los Arces 123, Cayma, ${provincia}, ${departamento}`,
    instrucciones: 'Referencia: frente al parque',
    horario: '',
    departamento,
    provincia,
    distrito: 'Cayma',
    envio: 1_500,
    total: 12_300,
  });

/** Every e-mail names the order, lists its lines and total in both parts, and escapes the HTML. */
function expectOrderEmail(mail: ReturnType<typeof confirmationEmail>, label: string, total: string) {
  expect(mail.to).toBe('ana@example.pe');
  expect(mail.subject).toMatch(/^K-Beauty Perú: .*N\.° 42/);
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain('N.° 42');
    expect(part).toContain(total);
    expect(part).toContain('2 × ');
    expect(part).toContain('+51987654321');
  }
  expect(mail.text).toContain(`${label}: ${total}`);
  expect(mail.html).toContain(`>${label}</td>`);
  expect(mail.text).toContain('Hola, Ana <María>:');
  expect(mail.text).toContain('- 2 × Sérum de Caracol & Miel (100 ml): S/ 108.00');
  expect(mail.html).toContain('Hola, Ana &lt;María&gt;:');
  expect(mail.html).toContain('Sérum de Caracol &amp; Miel');
  expect(mail.html).not.toContain('<María>');
  expect(mail.html).toMatch(/^<!doctype html><html lang="es-PE">/);
}

describe('order e-mails', () => {
  it('confirms a payment with the pickup point and what comes next', () => {
    const mail = confirmationEmail(pedido(), lineas);
    expectOrderEmail(mail, 'Total pagado', 'S/ 108.00');
    expect(mail.subject).toBe('K-Beauty Perú: confirmamos tu pedido N.° 42');
    expect(mail.text).toContain('Descuento (KBEAUTY10): -S/ 12.00');
    expect(mail.text).toContain(`Recojo en tienda: ${miraflores.metodo}`);
    expect(mail.text).toContain('Te escribiremos cuando esté listo para recoger.');
  });

  it('names the comprobante and links its printable page in both parts, and says nothing of one when there is none', () => {
    const url = 'https://tienda.example.pe/api/comprobantes/0123456789abcdef&x="1"';
    const mail = confirmationEmail(pedido(), lineas, {
      nombre: 'Boleta de venta electrónica',
      numero: 'B001-00000042',
      url,
      prueba: false,
    });
    expectOrderEmail(mail, 'Total pagado', 'S/ 108.00');
    expect(mail.text).toContain('Comprobante: B001-00000042\nTu boleta de venta electrónica B001-00000042.\nVer comprobante: ' + url);
    expect(mail.html).toContain('>Comprobante: B001-00000042</td>');
    expect(mail.html).toContain(
      '<a href="https://tienda.example.pe/api/comprobantes/0123456789abcdef&amp;x=&quot;1&quot;" style="color:#b02a64;font-weight:bold">Ver comprobante</a>',
    );
    // The receipt comes before what happens next.
    expect(mail.text.indexOf('Comprobante: B001-00000042')).toBeLessThan(mail.text.indexOf('¿Qué sigue?'));
    const prueba = confirmationEmail(pedido(), lineas, { nombre: 'Factura electrónica', numero: 'F001-00000007', url, prueba: true });
    expect(prueba.text).toContain('Tu factura electrónica F001-00000007 (modo de prueba, sin validez tributaria).');
    const sin = confirmationEmail(pedido(), lineas);
    for (const part of [sin.text, sin.html]) expect(part).not.toContain('Comprobante');
  });

  it('says EN TRANSITO: where it goes and 2 to 5 business days to a province, 24 to 48 hours in Lima', () => {
    const provincia = shippedEmail(delivery('Arequipa', 'Arequipa'), lineas);
    expectOrderEmail(provincia, 'Total pagado', 'S/ 123.00');
    expect(provincia.subject).toBe('K-Beauty Perú: tu pedido N.° 42 está en camino');
    expect(provincia.text).toContain('Llegará en 2 a 5 días hábiles.');
    expect(provincia.text).toContain('Calle Los Arces 123, Cayma, Arequipa, Arequipa');
    expect(provincia.text).toContain('Referencia: frente al parque');
    expect(provincia.text).toContain('Envío: S/ 15.00');
    const lima = shippedEmail(delivery('LIMA', 'Lima'), lineas);
    expect(lima.text).toContain('Llegará en 24 a 48 horas');
    expect(lima.html).toContain('Llegará en 24 a 48 horas');
    expect(shippedEmail(delivery('Lima', 'Huaral'), lineas).text).toContain('2 a 5 días hábiles');
  });

  it('says LISTO PARA RECOGER: the point, its address, hours and instructions, and the document to bring', () => {
    const mail = readyForPickupEmail(pedido(), lineas);
    expectOrderEmail(mail, 'Total pagado', 'S/ 108.00');
    expect(mail.subject).toBe('K-Beauty Perú: tu pedido N.° 42 está listo para recoger');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ya te espera en Miraflores');
      expect(part).toContain(miraflores.direccion);
      expect(part).toContain(`Horario: ${miraflores.horario}`);
      expect(part).toContain('Lleva tu DNI (terminado en 3456) y tu número de pedido');
    }
    expect(mail.text).toContain(miraflores.instrucciones);
    expect(readyForPickupEmail(pedido({ documentoTipo: 'CARNET_EXTRANJERIA', documentoNumero: 'X98765' }), lineas).text).toContain(
      'tu carné de extranjería (terminado en 8765)',
    );
  });

  it('says ENTREGADO with the date in Lima and how to ask for a return', () => {
    const mail = deliveredEmail(delivery('Arequipa', 'Arequipa'), lineas);
    const entregado = deliveredEmail({ ...delivery('Arequipa', 'Arequipa'), fechaEntrega: new Date('2025-03-12T02:00:00Z') }, lineas);
    expectOrderEmail(mail, 'Total pagado', 'S/ 123.00');
    expect(mail.subject).toBe('K-Beauty Perú: entregamos tu pedido N.° 42');
    expect(entregado.text).toMatch(/Entregamos tu pedido N\.° 42 el 11 de marzo de 2025/);
    expect(entregado.text).toContain('hasta 15 días');
    expect(deliveredEmail(pedido({ fechaEntrega: new Date() }), lineas).text).toMatch(/Entregamos tu pedido N\.° 42 en Miraflores el /);
  });

  it('says CANCELADO with what it means for each reason', () => {
    const unpaid = pedido({ pagado: null, pagoId: null, estado: 'CANCELADO' });
    const vencida = cancelledEmail(unpaid, lineas, 'reserva-vencida');
    expectOrderEmail(vencida, 'Total', 'S/ 108.00');
    expect(vencida.subject).toBe('K-Beauty Perú: cancelamos tu pedido N.° 42');
    expect(vencida.text).toContain('La reserva de tu pedido N.° 42 venció');
    expect(vencida.text).toContain('No se te cobró nada.');
    expect(vencida.text).toContain('Puedes volver a comprarlos');
    const rechazado = cancelledEmail(unpaid, lineas, 'pago-rechazado');
    expect(rechazado.text).toContain('El pago de tu pedido N.° 42 fue rechazado');
    expect(rechazado.text).toContain('No se te cobró nada.');
    expect(rechazado.text).toContain('Puedes volver a comprar');
    const tienda = cancelledEmail(unpaid, lineas, 'tienda', 'Nos quedamos sin stock del sérum.');
    expect(tienda.text).toContain('Motivo: Nos quedamos sin stock del sérum.');
    expect(tienda.text).toContain('No se te cobró nada.');
    const reembolso = cancelledEmail(pedido({ estado: 'CANCELADO' }), lineas, 'reembolso', 'Producto dañado <en almacén>');
    expectOrderEmail(reembolso, 'Total pagado', 'S/ 108.00');
    expect(reembolso.text).toContain('que ya habías pagado');
    expect(reembolso.text).toContain('Te devolveremos S/ 108.00 al mismo medio con el que pagaste');
    expect(reembolso.text).not.toContain('No se te cobró nada.');
    expect(reembolso.html).toContain('Motivo: Producto dañado &lt;en almacén&gt;');
    const tardio = cancelledEmail(pedido({ estado: 'CANCELADO' }), lineas, 'pago-tardio');
    expect(tardio.text).toContain('cuando su reserva ya había vencido');
    expect(tardio.text).toContain('Te devolveremos S/ 108.00');
  });

  it('picks the e-mail of each change from its job, and refuses an unknown one', () => {
    expect(statusEmail(pedido(), lineas, { estado: 'LISTO PARA RECOGER' }).subject).toContain('listo para recoger');
    expect(statusEmail(pedido(), lineas, { estado: 'EN TRANSITO' }).subject).toContain('en camino');
    expect(statusEmail(pedido(), lineas, { estado: 'ENTREGADO' }).subject).toContain('entregamos');
    expect(statusEmail(pedido(), lineas, { estado: 'CANCELADO', motivo: 'reembolso' }).text).toContain('Te devolveremos');
    expect(() => statusEmail(pedido(), lineas, { estado: 'PENDIENTE' } as never)).toThrow(/No hay correo para el estado PENDIENTE/);
  });
});
