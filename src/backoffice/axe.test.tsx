// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin" }
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ClienteFalso, pedidoFalso } from './pruebas/cliente-falso.ts';
import { boton, campo, desmontar, enviar, escribir, hasta, montar, pulsar, texto } from './pruebas/montar.tsx';

afterEach(desmontar);

/** axe's violations on the page (layout-bound rules left to the browser journeys: happy-dom draws nothing). */
async function violaciones() {
  // As src/pages/admin/index.astro (Document.astro) writes it.
  document.documentElement.lang = 'es-PE';
  const resultado = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, region: { enabled: true } } });
  return resultado.violations.map((violacion) => `${violacion.id}: ${violacion.nodes.map((nodo) => nodo.html).join(' | ')}`);
}

describe('axe on every back-office screen', () => {
  it('finds nothing on any screen', async () => {
    const pantallas: [string, string, () => boolean][] = [
      ['/admin', 'Inicio', () => texto().includes('Qué necesita tu atención')],
      ['/admin/pedidos', 'Pedidos', () => document.querySelectorAll('tbody tr').length > 0],
      ['/admin/pedidos/31', 'Detalle', () => texto().includes('Historial')],
      ['/admin/personal', 'Personal', () => texto().includes('Beto Ramos')],
      ['/admin/cuenta', 'Cuenta', () => texto().includes('Llaves de acceso')],
      ['/admin/productos/lote', 'Edición en bloque', () => texto().includes('Ningún producto cumple este filtro.')],
      ['/admin/cupones', 'Cupones', () => texto().includes('No hay cupones activos')],
      ['/admin/productos', 'Productos', () => texto().includes('Ningún producto coincide')],
      ['/admin/productos/nuevo', 'Nuevo producto', () => texto().includes('Lo básico')],

      ['/admin/productos/importar', 'Importar y exportar', () => texto().includes('Exportar el catálogo')],
      ['/admin/contenido', 'Contenido', () => document.querySelectorAll('.bo-contenido-item').length > 0],
      ['/admin/tienda', 'Datos de la tienda', () => texto().includes('Puntos de recojo')],
      ['/admin/envios', 'Envíos', () => texto().includes('6 distritos')],
      ['/admin/cierre', 'Cierre y ventas', () => texto().includes('No se pagó ningún pedido') && texto().includes('Ver como tabla')],
    ];
    for (const [ruta, nombre, listo] of pantallas) {
      const cliente = new ClienteFalso({ fresca: true });
      cliente.pedidos = [pedidoFalso(31, { acciones: ['reembolsar'] }), pedidoFalso(32, { recojo: true })];
      await montar(cliente, ruta);
      await hasta(listo);
      expect([nombre, await violaciones()]).toEqual([nombre, []]);
      desmontar();
    }
    await montar(new ClienteFalso({ conSesion: false }), '/admin/ingresar');
    expect(['Ingresar', await violaciones()]).toEqual(['Ingresar', []]);
    desmontar();
    const invitada = new ClienteFalso({ fresca: true });
    await invitada.invite({ correo: 'carla@kbeauty.pe', rol: 'personal' });
    await invitada.signOut();
    await montar(invitada, '/admin/invitacion?token=token-1');
    await hasta(() => texto().includes('carla@kbeauty.pe'));
    expect(['Invitación', await violaciones()]).toEqual(['Invitación', []]);
    desmontar();
    await montar(new ClienteFalso({ fresca: true }), '/admin/claves');
    await hasta(() => texto().includes('Aún no hay claves.'));
    expect(['Claves', await violaciones()]).toEqual(['Claves', []]);
  });

  it('finds nothing in the dialogs: ship several, refund, sign in again', async () => {
    const cliente = new ClienteFalso();
    cliente.pedidos = [
      pedidoFalso(31, { estado: 'EN PREPARACION', acciones: ['reembolsar'] }),
      pedidoFalso(32, { estado: 'EN PREPARACION' }),
    ];
    await montar(cliente, '/admin/pedidos');
    await hasta(() => document.querySelectorAll('tbody tr').length === 2);
    await pulsar(campo('Elegir todos los pedidos de esta página'));
    await pulsar(boton('Marcar enviados'));
    expect(['Marcar enviados', await violaciones()]).toEqual(['Marcar enviados', []]);
    desmontar();
    await montar(cliente, '/admin/pedidos/31');
    await hasta(() => texto().includes('Historial'));
    await pulsar(boton('Cancelar y reembolsar'));
    expect(['Reembolso', await violaciones()]).toEqual(['Reembolso', []]);
    escribir(campo<HTMLTextAreaElement>('Motivo'), 'Sin stock.');
    await enviar('Reembolsar S/ 120.50');
    await hasta(() => texto().includes('Confirma que eres tú'));
    expect(['Reautenticar', await violaciones()]).toEqual(['Reautenticar', []]);
  });
});
