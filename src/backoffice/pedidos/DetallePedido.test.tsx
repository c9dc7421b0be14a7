// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/pedidos/31" }
import { afterEach, describe, expect, it } from 'vitest';
import type { DetallePedidoBackoffice } from '../../lib/api/backoffice-schemas.ts';
import { CODIGO_BUENO, CONTRASENA_BUENA, ClienteFalso, pedidoFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enviar, escribir, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';

afterEach(desmontar);

/** The detail of order 31 (with `cambios`) open for an owner or a staff member. */
async function abrir(
  cambios: Partial<DetallePedidoBackoffice>,
  { rol = 'dueno', fresca = false }: { rol?: 'dueno' | 'personal'; fresca?: boolean } = {},
) {
  const cliente = new ClienteFalso({ rol, fresca });
  cliente.pedidos = [pedidoFalso(31, cambios)];
  await montar(cliente, '/admin/pedidos/31');
  await hasta(() => texto().includes('Acciones'));
  return cliente;
}

/** The action buttons offered now. */
const acciones = () => [...document.querySelectorAll('.bo-acciones-pedido .bo-acciones button')].map((uno) => uno.textContent);
const dialogo = () => document.querySelector('[role="dialog"]');

describe('Detalle de pedido', () => {
  it('shows lines with photos, the customer and document, the address, the timeline with who did each step, and notes', async () => {
    const cliente = await abrir({
      pasos: [
        { estado: 'PENDIENTE', fecha: '2026-11-27T15:00:00Z', nota: '', actor: 'Cliente' },
        { estado: 'EN PREPARACION', fecha: '2026-11-27T16:00:00Z', nota: '', actor: 'Beto Ramos' },
      ],
      estado: 'EN PREPARACION',
      pagos: [
        {
          id: 'mp-1',
          estado: 'approved',
          detalle: 'accredited',
          monto: 120.5,
          moneda: 'PEN',
          tipo: 'Tarjeta',
          fecha: '2026-11-27T15:01:00Z',
          del_pedido: true,
        },
      ],
    });
    expect(document.querySelector('h1')?.textContent).toBe('Pedido N.° 31');
    expect([...document.querySelectorAll('.bo-linea img')].map((foto) => foto.getAttribute('src'))).toEqual([
      '/img/serum.webp',
      '/img/tonico.webp',
    ]);
    expect(texto()).toContain('DNI 40000031');
    expect(texto()).toContain('Av. Larco 345, Miraflores');
    expect(texto()).toContain('Por Beto Ramos');
    expect(texto()).toContain('S/ 120.50');
    expect(texto()).toContain('Tarjeta · S/ 120.50 · approved (pagó el pedido)');

    escribir(campo<HTMLTextAreaElement>('Nueva nota'), 'Cliente pidió envolver para regalo.');
    await enviar('Agregar nota');
    await hasta(() => texto().includes('Cliente pidió envolver para regalo.') && texto().includes('Guardamos la nota.'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'addOrderNote')?.args).toEqual([31, 'Cliente pidió envolver para regalo.']);
  });

  it('offers the actions of each state', async () => {
    // A paid order is EN PREPARACION (only a payment moves it there): no 'Preparar' anywhere.
    await abrir({ estado: 'EN PREPARACION', pagado: true, acciones: ['reembolsar'] });
    expect(acciones()).toEqual(['Enviar', 'Cancelar y reembolsar']);
    desmontar();
    await abrir({ estado: 'PENDIENTE', pagado: false, metodo_pago: 'transferencia', acciones: ['confirmar-transferencia'] });
    expect(acciones()).toEqual(['Confirmar pago recibido', 'Cancelar pedido']);
    desmontar();
    await abrir({ estado: 'EN PREPARACION', recojo: true });
    expect(acciones()).toEqual(['Listo para recoger']);
    desmontar();
    await abrir({
      estado: 'EN TRANSITO',
      acciones: ['corregir-guia', 'reenviar-correo'],
      seguimiento: { courier: 'Olva Courier', guia: 'OL-1', url: null },
    });
    expect(acciones()).toEqual(['Marcar entregado', 'Corregir guía', 'Reenviar correo']);
    desmontar();
    await abrir({ estado: 'ENTREGADO', acciones: ['devolver', 'reenviar-correo'] });
    expect(acciones()).toEqual(['Reenviar correo', 'Registrar devolución']);
    desmontar();
    // Staff see no refund nor return, and are told why.
    await abrir({ estado: 'ENTREGADO', acciones: ['devolver'] }, { rol: 'personal' });
    expect(acciones()).toEqual([]);
    expect(texto()).toContain('Solo la dueña o el dueño puede reembolsar o registrar devoluciones.');
  });

  it('ships a paid order with courier, guía and the customer told', async () => {
    localStorage.setItem('kb-panel-ultimo-courier', 'urbano');
    const cliente = await abrir({ estado: 'EN PREPARACION', pagado: true });
    await hasta(() => hayBoton('Enviar'));
    await pulsar(boton('Enviar'));
    expect(dialogo()?.querySelector('h2')?.textContent).toBe('Enviar pedido');
    expect(campo<HTMLSelectElement>('Courier').value).toBe('urbano');
    expect(campo('Avisar al cliente').checked).toBe(true);
    escribir(campo('Número de guía'), 'UR-778899');
    await enviar('Marcar enviado');
    await hasta(() => dialogo() === null && texto().includes('El pedido 31 pasó a EN TRANSITO.'));
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'moveOrder').map(({ args }) => args)).toEqual([
      [31, { estado: 'EN TRANSITO', courier: 'urbano', guia: 'UR-778899', avisar: true }],
    ]);
    await hasta(() => texto().includes('Urbano') || texto().includes('urbano · guía UR-778899'));
  });

  it('prefills the ship form with the courier the shop used last', async () => {
    await abrir({ estado: 'EN PREPARACION', ultimoCourier: 'Shalom' });
    await pulsar(boton('Enviar'));
    expect(campo<HTMLSelectElement>('Courier').value).toBe('shalom');
  });

  it('cancels an unpaid order with its reason', async () => {
    const cliente = await abrir({ estado: 'PENDIENTE', pagado: false });
    await pulsar(boton('Cancelar pedido'));
    await enviar('Cancelar el pedido');
    expect(alertas()).toContain('Escribe el motivo.');
    escribir(campo<HTMLTextAreaElement>('Motivo'), 'El cliente lo pidió por WhatsApp.');
    await enviar('Cancelar el pedido');
    await hasta(() => dialogo() === null);
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'moveOrder')?.args).toEqual([
      31,
      { estado: 'CANCELADO', nota: 'El cliente lo pidió por WhatsApp.' },
    ]);
  });

  it('asks the owner to sign in again for a refund, then retries it', async () => {
    const cliente = await abrir({ estado: 'EN PREPARACION', pagado: true, acciones: ['reembolsar'] });
    await pulsar(boton('Cancelar y reembolsar'));
    expect(dialogo()?.textContent).toContain('se devuelven S/ 120.50');
    escribir(campo<HTMLTextAreaElement>('Motivo'), 'Sin stock del tónico.');
    await enviar('Reembolsar S/ 120.50');
    await hasta(() => texto().includes('Confirma que eres tú'));
    // A wrong code is said, and nothing is refunded.
    escribir(campo('Contraseña'), CONTRASENA_BUENA);
    escribir(campo('Código de verificación'), '000000');
    await enviar('Confirmar y continuar');
    await hasta(() => alertas().includes('La contraseña o el código no son correctos.'));
    expect(cliente.pedidos[0]!.estado).toBe('EN PREPARACION');

    escribir(campo('Código de verificación'), CODIGO_BUENO);
    await enviar('Confirmar y continuar');
    await hasta(() => texto().includes('Reembolsamos S/ 120.50.'));
    expect(cliente.nombres.filter((nombre) => ['refundOrder', 'reauthenticate'].includes(nombre))).toEqual([
      'refundOrder',
      'reauthenticate',
      'reauthenticate',
      'refundOrder',
    ]);
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'refundOrder').map(({ args }) => args)).toEqual([
      [31, { motivo: 'Sin stock del tónico.' }],
      [31, { motivo: 'Sin stock del tónico.' }],
    ]);
    expect(cliente.pedidos[0]!.estado).toBe('CANCELADO');
    expect(dialogo()).toBeNull();
  });

  it('does not refund when the owner closes the sign-in dialog', async () => {
    const cliente = await abrir({ estado: 'PENDIENTE', pagado: true, acciones: ['reembolsar'] });
    await pulsar(boton('Cancelar y reembolsar'));
    escribir(campo<HTMLTextAreaElement>('Motivo'), 'Pedido duplicado.');
    await enviar('Reembolsar S/ 120.50');
    await hasta(() => texto().includes('Confirma que eres tú'));
    await pulsar(boton('Cancelar'));
    await hasta(() => alertas().includes('No se hizo el cambio: hace falta volver a ingresar.'));
    expect(cliente.nombres.filter((nombre) => nombre === 'refundOrder')).toHaveLength(1);
    expect(cliente.pedidos[0]!.estado).toBe('PENDIENTE');
  });

  it('registers a return of some lines, resellable or not', async () => {
    const cliente = await abrir({ estado: 'ENTREGADO', acciones: ['devolver'] }, { fresca: true });
    await pulsar(boton('Registrar devolución'));
    await enviar('Registrar la devolución');
    expect(alertas()).toEqual(['Escribe el motivo.']);
    escribir(campo<HTMLTextAreaElement>('Motivo'), 'Llegó abierto.');
    await enviar('Registrar la devolución');
    expect(alertas()).toEqual(['Elige al menos una unidad que vuelve.']);
    expect(cliente.nombres).not.toContain('returnLines');
    escribir(campo('Cantidad que vuelve de Sérum de arroz'), '3');
    await enviar('Registrar la devolución');
    expect(alertas()).toContain('Compró 2.');
    escribir(campo('Cantidad que vuelve de Sérum de arroz'), '1');
    await pulsar([...document.querySelectorAll<HTMLInputElement>('.bo-devolucion input[type="checkbox"]')][0]!);
    expect(dialogo()?.textContent).toContain('Se devolverán S/ 45.00');
    await enviar('Registrar la devolución');
    await hasta(() => texto().includes('Registramos la devolución.'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'returnLines')?.args).toEqual([
      31,
      { lineas: [{ idProducto: 5, color: '', tamano: '30 ml', cantidad: 1, revendible: false }], motivo: 'Llegó abierto.' },
    ]);
  });

  it('confirms a bank transfer with its operation number, once', async () => {
    const cliente = await abrir(
      { estado: 'PENDIENTE', pagado: false, metodo_pago: 'transferencia', acciones: ['confirmar-transferencia'] },
      { rol: 'personal' },
    );
    await pulsar(boton('Confirmar pago recibido'));
    escribir(campo('Número de operación'), ' 00123456 ');
    await enviar('Confirmar el pago');
    await hasta(() => texto().includes('Confirmamos el pago.'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'confirmTransfer')?.args).toEqual([31, { operacion: '00123456' }]);
    await hasta(() => !hayBoton('Confirmar pago recibido'));
  });

  it('corrects a guía after shipping and resends the last e-mail', async () => {
    const cliente = await abrir({
      estado: 'EN TRANSITO',
      acciones: ['corregir-guia', 'reenviar-correo'],
      seguimiento: { courier: 'Olva Courier', guia: 'OL-1111', url: null },
    });
    await pulsar(boton('Corregir guía'));
    expect(campo<HTMLSelectElement>('Courier').value).toBe('olva');
    expect(campo('Número de guía').value).toBe('OL-1111');
    escribir(campo('Número de guía'), 'OL-2222');
    await enviar('Guardar la guía');
    await hasta(() => texto().includes('Corregimos la guía.'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'correctTracking')?.args).toEqual([
      31,
      { courier: 'olva', guia: 'OL-2222', avisar: true },
    ]);
    await pulsar(boton('Reenviar correo'));
    await hasta(() => texto().includes('Reenviamos el último correo al cliente.'));
  });

  it('says what the API refused', async () => {
    const cliente = await abrir({ estado: 'EN PREPARACION', recojo: true });
    cliente.pedidos[0]!.siguientes = [];
    await pulsar(boton('Listo para recoger'));
    await hasta(() => alertas().includes('El pedido 31 no puede pasar a LISTO PARA RECOGER.'));
  });
});
