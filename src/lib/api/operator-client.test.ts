import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../tests/fixtures/fetch.ts';
import { describeEachDatabase } from '../../../tests/api/databases.ts';
import { openShop, type TestShop } from '../../../tests/api/shop.ts';
import { operatorClient, type OperatorClient } from './operator-client.ts';
import { ApiError, NetworkError } from './request.ts';

afterEach(() => vi.unstubAllGlobals());

const BASE = 'https://tienda.example.pe';
const client = (operador: string | undefined = 'Ana Díaz') => operatorClient({ token: 'tok-operador', operador, base: BASE });

/** What one recorded call sent: verb, URL, JSON body and every header. */
const sent = ({ url, init }: { url: string; init: RequestInit }) => ({
  method: init.method,
  url,
  body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
  headers: init.headers as Record<string, string>,
});

const CSV = '\uFEFFnumero,fecha\r\nLR-2026-000001,2026-11-26\r\n';

/** The shop's whole settings, as the owner saves them. */
const AJUSTES = {
  ruc: '20131312955',
  razonSocial: 'K-Beauty Perú S.A.C.',
  direccion: 'Av. Larco 345, Miraflores',
  series: { boleta: 'B001', factura: 'F001', notaBoleta: 'B002', notaFactura: 'F002' },
  cuentas: [{ banco: 'BCP', cuenta: '191-12345678-0-12', cci: '00219100123456780120', titular: 'K-Beauty Perú S.A.C.' }],
  correoTienda: 'pedidos@kbeauty.pe',
  envioGratisDesde: 250,
  devolucionDias: 7,
  puntosRecojo: [],
};

/** Every call of the client: how it is made, the answer it gets, and what it must send (verb, path under BASE, body). */
const CALLS: [string, (c: OperatorClient) => Promise<unknown>, Response, string, string, unknown?][] = [
  ['orders', (c) => c.orders(), json({ pedidos: [] }), 'GET', '/admin/api/pedidos'],
  ['orders by state', (c) => c.orders('EN TRANSITO'), json({ pedidos: [] }), 'GET', '/admin/api/pedidos?estado=EN%20TRANSITO'],
  ['order', (c) => c.order(12), json({ pedido: { idVenta: 12 } }), 'GET', '/admin/api/pedidos/12'],
  [
    'ordersPage',
    (c) => c.ordersPage({ vista: 'por-preparar', estado: ['EN PREPARACION', 'EN TRANSITO'], q: 'Peña', pagina: 2 }),
    json({ pedidos: [], total: 0, pagina: 2, porPagina: 50 }),
    'GET',
    '/admin/api/pedidos?vista=por-preparar&estado=EN%20PREPARACION%2CEN%20TRANSITO&q=Pe%C3%B1a&pagina=2',
  ],
  [
    'moveOrders',
    (c) => c.moveOrders({ ids: [1, 2], estado: 'EN TRANSITO', envios: [{ idVenta: 1, courier: 'olva', guia: 'AB-1234' }] }),
    json({ mensaje: 'ok', resultados: [] }),
    'POST',
    '/admin/api/pedidos/lote',
    { ids: [1, 2], estado: 'EN TRANSITO', envios: [{ idVenta: 1, courier: 'olva', guia: 'AB-1234' }] },
  ],
  [
    'correctTracking',
    (c) => c.correctTracking(7, { courier: 'shalom', guia: 'XY-9876', avisar: false }),
    json({ mensaje: 'ok', pedido: {} }),
    'POST',
    '/admin/api/pedidos/7/guia',
    { courier: 'shalom', guia: 'XY-9876', avisar: false },
  ],
  ['resendOrderEmail', (c) => c.resendOrderEmail(7), json({ mensaje: 'ok' }), 'POST', '/admin/api/pedidos/7/reenviar-correo', {}],
  [
    'addOrderNote',
    (c) => c.addOrderNote(7, 'Llamar'),
    json({ mensaje: 'ok', nota: {} }),
    'POST',
    '/admin/api/pedidos/7/notas',
    { texto: 'Llamar' },
  ],
  ['packingSlips', (c) => c.packingSlips([3, 4]), json({ pedidos: [] }), 'GET', '/admin/api/pedidos/hojas?ids=3%2C4'],
  [
    'stockProducts',
    (c) => c.stockProducts({ stock: 'agotado', pagina: 2 }),
    json({ filtro: 'agotado', umbral: 3, productos: [], total: 0, pagina: 2, porPagina: 50 }),
    'GET',
    '/admin/api/productos?stock=agotado&pagina=2',
  ],
  [
    'stockProducts first page',
    (c) => c.stockProducts({ stock: 'bajo' }),
    json({ filtro: 'bajo', umbral: 3, productos: [], total: 0, pagina: 1, porPagina: 50 }),
    'GET',
    '/admin/api/productos?stock=bajo',
  ],
  ['home', (c) => c.home(), json({ hoy: {}, ayer: {}, semana: {}, semanaAnterior: {}, pendientes: [] }), 'GET', '/admin/api/inicio'],
  [
    'moveOrder',
    (c) => c.moveOrder('12', { estado: 'EN TRANSITO', courier: 'olva', guia: 'AB-1234' }),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/pedidos/12/estado',
    { estado: 'EN TRANSITO', courier: 'olva', guia: 'AB-1234' },
  ],
  [
    'refundOrder',
    (c) => c.refundOrder(12, { motivo: 'Sin stock' }),
    json({ mensaje: 'ok', pedido: {} }),
    'POST',
    '/admin/api/pedidos/12/reembolso',
    { motivo: 'Sin stock' },
  ],
  [
    'returnLines',
    (c) =>
      c.returnLines('12', { motivo: 'Sellado', lineas: [{ idProducto: 3, color: 'Rojo', tamano: '', cantidad: 1, revendible: true }] }),
    json({ mensaje: 'ok', pedido: {} }),
    'POST',
    '/admin/api/pedidos/12/devolucion',
    { motivo: 'Sellado', lineas: [{ idProducto: 3, color: 'Rojo', tamano: '', cantidad: 1, revendible: true }] },
  ],
  ['product', (c) => c.product('SKU/1 ?#'), json({ producto: {} }), 'GET', '/admin/api/productos/SKU%2F1%20%3F%23'],
  [
    'updateProduct',
    (c) => c.updateProduct('12', { precio: 49.9, visible: false }),
    json({ mensaje: 'ok', producto: {} }),
    'PATCH',
    '/admin/api/productos/12',
    { precio: 49.9, visible: false },
  ],
  [
    'uploadImage',
    (c) => c.uploadImage('foto.png', 'iVBORw=='),
    json({ url: '/imagenes/ab.png', sha256: 'ab' }, 201),
    'POST',
    '/admin/api/imagenes',
    { nombre: 'foto.png', datos: 'iVBORw==' },
  ],
  [
    'storedImages',
    (c) => c.storedImages(['ab', 'cd']),
    json({ existentes: {} }),
    'POST',
    '/admin/api/imagenes/existentes',
    { sha256: ['ab', 'cd'] },
  ],
  [
    'importBatch',
    (c) => c.importBatch([{ fila: 2, valores: { sku: 'A-1' } }], true),
    json({ resultados: [], nuevas: { marcas: [], lineas: [], categorias: [], subcategorias: [] } }),
    'POST',
    '/admin/api/importar',
    { filas: [{ fila: 2, valores: { sku: 'A-1' } }], simulacro: true },
  ],
  ['coupons', (c) => c.coupons(), json({ cupones: [] }), 'GET', '/admin/api/cupones'],
  [
    'createCoupon',
    (c) =>
      c.createCoupon({ codigo: 'VERANO20', descuento: 20, fecha_inicio: '2026-01-01', fecha_fin: '2026-03-31', productos: [12, 'SKU-1'] }),
    json({ mensaje: 'ok' }, 201),
    'POST',
    '/admin/api/cupones',
    { codigo: 'VERANO20', descuento: 20, fecha_inicio: '2026-01-01', fecha_fin: '2026-03-31', productos: [12, 'SKU-1'] },
  ],
  [
    'setCouponActive off',
    (c) => c.setCouponActive('VER/ANO', false),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/cupones/VER%2FANO/desactivar',
  ],
  [
    'setCouponActive on',
    (c) => c.setCouponActive('VERANO20', true),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/cupones/VERANO20/activar',
  ],
  ['content', (c) => c.content('banners'), json({ banners: [] }), 'GET', '/admin/api/banners'],
  [
    'addContent',
    (c) => c.addContent('mensajes', { mensaje: 'Envío gratis' }),
    json({ mensaje: 'ok', mensajes: [] }, 201),
    'POST',
    '/admin/api/mensajes',
    { mensaje: 'Envío gratis' },
  ],
  ['removeContent', (c) => c.removeContent('sociales', 3), json({ mensaje: 'ok', sociales: [] }), 'DELETE', '/admin/api/sociales/3'],
  [
    'moveContent',
    (c) => c.moveContent('popups', 4, 1),
    json({ mensaje: 'ok', popups: [] }),
    'POST',
    '/admin/api/popups/4/posicion',
    { posicion: 1 },
  ],
  [
    'setPopupVisible',
    (c) => c.setPopupVisible(4, false),
    json({ mensaje: 'ok', popups: [] }),
    'POST',
    '/admin/api/popups/4/visible',
    { visible: false },
  ],
  ['auditTrail', (c) => c.auditTrail(), json({ entradas: [] }), 'GET', '/admin/api/auditoria'],
  ['auditTrail with a limit', (c) => c.auditTrail(50), json({ entradas: [] }), 'GET', '/admin/api/auditoria?limite=50'],
  [
    'auditTrail with filters',
    (c) => c.auditTrail({ persona: 'Rosa Díaz', pedido: 7, accion: 'reclamo.respuesta', desde: '2026-03-01', pagina: 2, limite: 50 }),
    json({ entradas: [], total: 0, pagina: 2, limite: 50, personas: [], acciones: [] }),
    'GET',
    '/admin/api/auditoria?persona=Rosa%20D%C3%ADaz&pedido=7&accion=reclamo.respuesta&desde=2026-03-01&pagina=2&limite=50',
  ],
  ['reclamos vencidos', (c) => c.reclamos('vencido'), json({ reclamos: [] }), 'GET', '/admin/api/reclamos?estado=vencido'],
  ['comprobantes', (c) => c.comprobantes('rechazado'), json({ comprobantes: [] }), 'GET', '/admin/api/comprobantes?estado=rechazado'],
  [
    'comprobantesPage',
    (c) =>
      c.comprobantesPage({
        serie: 'F001',
        tipo: 'factura',
        estado: 'observado',
        desde: '2026-11-01',
        hasta: '2026-11-30',
        pagina: 2,
        porPagina: 25,
      }),
    json({ comprobantes: [], total: 0, pagina: 2, porPagina: 25 }),
    'GET',
    '/admin/api/comprobantes?serie=F001&tipo=factura&estado=observado&desde=2026-11-01&hasta=2026-11-30&pagina=2&porPagina=25',
  ],
  [
    'exportSalesRegister',
    (c) => c.exportSalesRegister('2026-11'),
    new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    'GET',
    '/admin/api/comprobantes/registro-ventas.csv?mes=2026-11',
  ],
  ['comprobante', (c) => c.comprobante('B001-00000042'), json({ comprobante: {} }), 'GET', '/admin/api/comprobantes/B001-00000042'],
  ['retryComprobante', (c) => c.retryComprobante('B001-42'), json({ mensaje: 'ok' }), 'POST', '/admin/api/comprobantes/B001-42/reintentar'],
  [
    'correctComprobanteCliente',
    (c) => c.correctComprobanteCliente('F001-7', { ruc: '20131312955', razon_social: 'Empresa S.A.C.' }),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/comprobantes/F001-7/cliente',
    { ruc: '20131312955', razon_social: 'Empresa S.A.C.' },
  ],
  ['reclamos', (c) => c.reclamos('pendiente'), json({ reclamos: [] }), 'GET', '/admin/api/reclamos?estado=pendiente'],
  ['reclamo', (c) => c.reclamo('LR-2026-000001'), json({ reclamo: {} }), 'GET', '/admin/api/reclamos/LR-2026-000001'],
  [
    'answerReclamo',
    (c) => c.answerReclamo('LR-2026-000001', 'Te devolvemos el importe.'),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/reclamos/LR-2026-000001/respuesta',
    { texto: 'Te devolvemos el importe.' },
  ],
  [
    'reclamosCsv',
    (c) => c.reclamosCsv('respondido'),
    new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    'GET',
    '/admin/api/reclamos.csv?estado=respondido',
  ],
  [
    'cierre',
    (c) => c.cierre({ desde: '2026-11-28' }),
    json({ desde: '2026-11-28', hasta: '2026-11-28', ventas: {}, metodos: [], pedidos: [] }),
    'GET',
    '/admin/api/cierre?desde=2026-11-28',
  ],
  [
    'cierre of a period',
    (c) => c.cierre({ desde: '2026-11-01', hasta: '2026-11-28' }),
    json({ desde: '2026-11-01', hasta: '2026-11-28', ventas: {}, metodos: [], pedidos: [] }),
    'GET',
    '/admin/api/cierre?desde=2026-11-01&hasta=2026-11-28',
  ],
  ['ventasPorDia', (c) => c.ventasPorDia(90), json({ desde: 'x', hasta: 'x', dias: [] }), 'GET', '/admin/api/cierre/ventas?dias=90'],
  [
    'cierreCsv',
    (c) => c.cierreCsv('pedidos', { desde: '2026-11-28' }),
    new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    'GET',
    '/admin/api/cierre.csv?tabla=pedidos&desde=2026-11-28',
  ],
  [
    'cierreCsv of the chart',
    (c) => c.cierreCsv('ventas', { desde: '2026-11-28', dias: 30 }),
    new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    'GET',
    '/admin/api/cierre.csv?tabla=ventas&desde=2026-11-28&dias=30',
  ],
  ['resenas', (c) => c.resenas('PENDIENTE'), json({ resenas: [] }), 'GET', '/admin/api/resenas?estado=PENDIENTE'],
  ['resena', (c) => c.resena(7), json({ resena: {} }), 'GET', '/admin/api/resenas/7'],
  [
    'moderateResena',
    (c) => c.moderateResena('7', 'aprobar'),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/resenas/7',
    { accion: 'aprobar' },
  ],
  [
    'moderateResena con motivo',
    (c) => c.moderateResena(8, 'ocultar', 'Contiene datos personales'),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/resenas/8',
    { accion: 'ocultar', motivo: 'Contiene datos personales' },
  ],
  [
    'signIn',
    (c) => c.signIn('ana@example.pe', 'una clave larga'),
    json({ desafio: 'd', passkey: false }),
    'POST',
    '/admin/api/sesion',
    { correo: 'ana@example.pe', contrasena: 'una clave larga' },
  ],
  [
    'verifySignIn',
    (c) => c.verifySignIn('d', '123456'),
    json({ persona: {}, expira: 'x', expiraMaximo: 'x', reautenticadaHasta: null }),
    'POST',
    '/admin/api/sesion/verificar',
    { desafio: 'd', codigo: '123456' },
  ],
  [
    'passkeySignInOptions',
    (c) => c.passkeySignInOptions('d'),
    json({ challenge: 'c' }),
    'POST',
    '/admin/api/sesion/passkey/opciones',
    { desafio: 'd' },
  ],
  [
    'passkeySignIn',
    (c) => c.passkeySignIn('d', { id: 'p' }),
    json({ persona: {}, expira: 'x', expiraMaximo: 'x', reautenticadaHasta: null }),
    'POST',
    '/admin/api/sesion/passkey',
    { desafio: 'd', respuesta: { id: 'p' } },
  ],
  [
    'session',
    (c) => c.session(),
    json({ persona: {}, expira: 'x', expiraMaximo: 'x', reautenticadaHasta: null }),
    'GET',
    '/admin/api/sesion',
  ],
  ['signOut', (c) => c.signOut(), json({ mensaje: 'ok' }), 'DELETE', '/admin/api/sesion'],
  ['signOutEverywhere', (c) => c.signOutEverywhere(), json({ mensaje: 'ok' }), 'POST', '/admin/api/sesion/cerrar-todas'],
  [
    'reauthenticate',
    (c) => c.reauthenticate('clave', '123456'),
    json({ persona: {}, expira: 'x', expiraMaximo: 'x', reautenticadaHasta: null }),
    'POST',
    '/admin/api/sesion/reautenticar',
    { contrasena: 'clave', codigo: '123456' },
  ],
  ['invitation', (c) => c.invitation('t/k'), json({ correo: 'a@b.pe', rol: 'dueno', expira: 'x' }), 'GET', '/admin/api/invitaciones/t%2Fk'],
  [
    'acceptInvitation',
    (c) => c.acceptInvitation('tk', { nombre: 'Ana', contrasena: 'una clave larga' }),
    json({ inscripcion: 'i', secreto: 'S', uri: 'u', qrSvg: '<svg/>' }),
    'POST',
    '/admin/api/invitaciones/tk',
    { nombre: 'Ana', contrasena: 'una clave larga' },
  ],
  [
    'confirmTotp',
    (c) => c.confirmTotp('tk', { inscripcion: 'i', codigo: '123456' }),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/invitaciones/tk/totp',
    { inscripcion: 'i', codigo: '123456' },
  ],
  ['passkeyEnrolOptions', (c) => c.passkeyEnrolOptions(), json({ challenge: 'c' }), 'POST', '/admin/api/yo/passkeys/opciones'],
  [
    'enrolPasskey',
    (c) => c.enrolPasskey({ id: 'p' }),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/yo/passkeys',
    { respuesta: { id: 'p' } },
  ],
  [
    'enrolPasskey named',
    (c) => c.enrolPasskey({ id: 'p' }, 'Celular'),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/yo/passkeys',
    { respuesta: { id: 'p' }, nombre: 'Celular' },
  ],
  ['staff', (c) => c.staff(), json({ personas: [], invitaciones: [] }), 'GET', '/admin/api/personal'],
  [
    'invite',
    (c) => c.invite({ correo: 'b@c.pe', rol: 'personal' }),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/personal/invitaciones',
    { correo: 'b@c.pe', rol: 'personal' },
  ],
  ['revokeInvitation', (c) => c.revokeInvitation(4), json({ mensaje: 'ok' }), 'DELETE', '/admin/api/personal/invitaciones/4'],
  ['setPersonActive', (c) => c.setPersonActive(3, false), json({ mensaje: 'ok' }), 'POST', '/admin/api/personal/3/desactivar'],
  ['setPersonActive again', (c) => c.setPersonActive(3, true), json({ mensaje: 'ok' }), 'POST', '/admin/api/personal/3/activar'],
  ['setPersonRole', (c) => c.setPersonRole(3, 'dueno'), json({ mensaje: 'ok' }), 'POST', '/admin/api/personal/3/rol', { rol: 'dueno' }],
  ['apiKeys', (c) => c.apiKeys(), json({ claves: [] }), 'GET', '/admin/api/claves'],
  [
    'createApiKey',
    (c) => c.createApiKey({ nombre: 'Laptop', rol: 'personal' }),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/claves',
    { nombre: 'Laptop', rol: 'personal' },
  ],
  ['revokeApiKey', (c) => c.revokeApiKey(9), json({ mensaje: 'ok' }), 'DELETE', '/admin/api/claves/9'],
  [
    'changePassword',
    (c) => c.changePassword({ actual: 'la de antes 123', nueva: 'la nueva larga 456' }),
    json({ mensaje: 'ok', persona: {} }),
    'POST',
    '/admin/api/yo/contrasena',
    { actual: 'la de antes 123', nueva: 'la nueva larga 456' },
  ],
  [
    'regenerateRecoveryCodes',
    (c) => c.regenerateRecoveryCodes(),
    json({ mensaje: 'ok', codigosRecuperacion: [] }),
    'POST',
    '/admin/api/yo/codigos',
    {},
  ],
  ['myPasskeys', (c) => c.myPasskeys(), json({ passkeys: [] }), 'GET', '/admin/api/yo/passkeys'],
  ['removePasskey', (c) => c.removePasskey(4), json({ mensaje: 'ok', persona: {} }), 'DELETE', '/admin/api/yo/passkeys/4'],
  ['resetAccess', (c) => c.resetAccess(3), json({ mensaje: 'ok', enlace: 'x' }), 'POST', '/admin/api/personal/3/restablecer', {}],
  [
    'confirmTransfer',
    (c) => c.confirmTransfer(12, { operacion: 'OP123456' }),
    json({ mensaje: 'ok', pedido: { idVenta: 12 } }),
    'POST',
    '/admin/api/pedidos/12/confirmar-transferencia',
    { operacion: 'OP123456' },
  ],
  ['backup', (c) => c.backup(), new Response('gz', { headers: { 'Content-Type': 'application/gzip' } }), 'GET', '/admin/api/respaldo'],
  [
    'catalogueProducts',
    (c) => c.catalogueProducts({ q: 'sérum', marca: '4', stock: 'bajo', oferta: 'si', pagina: 2 }),
    json({ productos: [], total: 0, pagina: 2, porPagina: 50 }),
    'GET',
    '/admin/api/catalogo/productos?q=s%C3%A9rum&marca=4&stock=bajo&oferta=si&pagina=2',
  ],
  [
    'catalogueProducts unfiltered',
    (c) => c.catalogueProducts({ q: '' }),
    json({ productos: [], total: 0, pagina: 1, porPagina: 50 }),
    'GET',
    '/admin/api/catalogo/productos',
  ],
  [
    'catalogueOptions',
    (c) => c.catalogueOptions(),
    json({ marcas: [], lineas: [], categorias: [], hijas: [] }),
    'GET',
    '/admin/api/catalogo/opciones',
  ],
  [
    'catalogueProduct',
    (c) => c.catalogueProduct('SKU/1'),
    json({ idProducto: 12, nombre: 'Sérum de arroz', fotos: [] }),
    'GET',
    '/admin/api/catalogo/productos/SKU%2F1',
  ],
  [
    'createProduct',
    (c) =>
      c.createProduct({
        nombre: 'Sérum de arroz',
        marca: 'Beauty of Joseon',
        precio: 59.9,
        visible: false,
        fotos: [{ url: '/imagenes/ab.png', alt: 'Sérum' }],
      }),
    json({ mensaje: 'ok', producto: {} }, 201),
    'POST',
    '/admin/api/productos',
    {
      nombre: 'Sérum de arroz',
      marca: 'Beauty of Joseon',
      precio: 59.9,
      visible: false,
      fotos: [{ url: '/imagenes/ab.png', alt: 'Sérum' }],
    },
  ],
  [
    'saveProduct',
    (c) => c.saveProduct(12, { nombre: 'Sérum de arroz', precio: 54.9, stock: 8, stockLeido: 5, motivoStock: 'Llegó mercadería' }),
    json({ mensaje: 'ok', producto: {} }),
    'PUT',
    '/admin/api/productos/12',
    { nombre: 'Sérum de arroz', precio: 54.9, stock: 8, stockLeido: 5, motivoStock: 'Llegó mercadería' },
  ],
  [
    'duplicateProduct',
    (c) => c.duplicateProduct(12),
    json({ mensaje: 'ok', producto: {} }, 201),
    'POST',
    '/admin/api/productos/12/duplicar',
    {},
  ],
  [
    'archiveProduct',
    (c) => c.archiveProduct('SKU-1'),
    json({ mensaje: 'ok', producto: {} }),
    'POST',
    '/admin/api/productos/SKU-1/archivar',
    {},
  ],
  ['restoreProduct', (c) => c.restoreProduct(12), json({ mensaje: 'ok', producto: {} }), 'POST', '/admin/api/productos/12/restaurar', {}],
  ['productAudit', (c) => c.productAudit(12), json({ entradas: [] }), 'GET', '/admin/api/productos/12/auditoria'],
  [
    'uploadPhoto',
    (c) => c.uploadPhoto('foto.jpg', '/9j/4AAQ'),
    json({ url: '/imagenes/cd.webp', tipo: 'image/webp', ancho: 1200, alto: 1200 }, 201),
    'POST',
    '/admin/api/fotos',
    { nombre: 'foto.jpg', datos: '/9j/4AAQ' },
  ],
  [
    'customers',
    (c) => c.customers({ q: 'Ñahui', pagina: 2 }),
    json({ clientes: [], total: 0, pagina: 2, porPagina: 25 }),
    'GET',
    '/admin/api/clientes?q=%C3%91ahui&pagina=2',
  ],
  ['customers first page', (c) => c.customers(), json({ clientes: [], total: 0, pagina: 1, porPagina: 25 }), 'GET', '/admin/api/clientes'],
  ['customer', (c) => c.customer(42), json({ cliente: { id: 42 }, pedidos: [], solicitudes: [] }), 'GET', '/admin/api/clientes/42'],
  [
    'correctCustomer',
    (c) => c.correctCustomer(42, { telefono: '912345678', correo: 'ana@example.pe' }),
    json({ mensaje: 'ok', detalle: {} }),
    'PUT',
    '/admin/api/clientes/42',
    { telefono: '912345678', correo: 'ana@example.pe' },
  ],
  [
    'recordDataRequest',
    (c) => c.recordDataRequest(42, { tipo: 'acceso', recibida: '2026-11-23' }),
    json({ mensaje: 'ok', detalle: {} }, 201),
    'POST',
    '/admin/api/clientes/42/solicitudes',
    { tipo: 'acceso', recibida: '2026-11-23' },
  ],
  [
    'exportCustomer',
    (c) => c.exportCustomer(42, { recibida: '2026-11-23' }),
    new Response('{"tablas":{}}', {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': 'attachment; filename="cliente-42-datos-2026-11-29.json"',
      },
    }),
    'POST',
    '/admin/api/clientes/42/exportar',
    { recibida: '2026-11-23' },
  ],
  [
    'deleteCustomer',
    (c) => c.deleteCustomer(42),
    json({ mensaje: 'ok', conservados: {}, borrados: {} }),
    'POST',
    '/admin/api/clientes/42/eliminar',
    {},
  ],
  [
    'exportCatalogue',
    (c) => c.exportCatalogue({ marca: '4', archivados: 'todos' }, 'csv'),
    new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    'GET',
    '/admin/api/catalogo/exportar?marca=4&archivados=todos&formato=csv',
  ],
  [
    'exportCatalogue as JSON',
    (c) => c.exportCatalogue({}, 'json'),
    new Response('[]', { headers: { 'Content-Type': 'application/json' } }),
    'GET',
    '/admin/api/catalogo/exportar?formato=json',
  ],
  [
    'bulkRows',
    (c) => c.bulkRows({ categoria: '7', nuevo: 'si', pagina: 3 }),
    json({ productos: [], marcas: [], total: 0, pagina: 3, porPagina: 50 }),
    'GET',
    '/admin/api/productos/lote/filas?categoria=7&nuevo=si&pagina=3',
  ],
  [
    'bulkChange',
    (c) => c.bulkChange({ cambios: [{ idProducto: 12, precio: 49.9, visible: true }], simulacro: true, descripcion: 'Precios de verano' }),
    json({ mensaje: 'ok', simulacro: true, cambios: [], idLote: null }),
    'POST',
    '/admin/api/productos/lote',
    { cambios: [{ idProducto: 12, precio: 49.9, visible: true }], simulacro: true, descripcion: 'Precios de verano' },
  ],
  [
    'bulkChangeByFilter',
    (c) => c.bulkChangeByFilter({ filtro: { marca: '4' }, precioPorcentaje: -10, descuentoHasta: '2026-03-31', simulacro: false }),
    json({ mensaje: 'ok', simulacro: false, cambios: [], idLote: 5 }),
    'POST',
    '/admin/api/productos/lote-filtro',
    { filtro: { marca: '4' }, precioPorcentaje: -10, descuentoHasta: '2026-03-31', simulacro: false },
  ],
  ['lastBulkChange', (c) => c.lastBulkChange(), json({ lote: null }), 'GET', '/admin/api/productos/lote/ultimo'],
  ['undoBulkChange', (c) => c.undoBulkChange(5), json({ mensaje: 'ok', lote: {} }), 'POST', '/admin/api/productos/lote/5/deshacer', {}],
  ['couponList', (c) => c.couponList(), json({ cupones: [] }), 'GET', '/admin/api/cupones'],
  ['couponDetail', (c) => c.couponDetail('VER/ANO'), json({ cupon: {}, pedidos: [] }), 'GET', '/admin/api/cupones/VER%2FANO'],
  [
    'saveCoupon new',
    (c) =>
      c.saveCoupon(null, { codigo: 'VERANO20', tipo: 'porcentaje', descuento: 20, fecha_inicio: '2026-01-01', fecha_fin: '2026-03-31' }),
    json({ mensaje: 'ok', cupon: {} }, 201),
    'POST',
    '/admin/api/cupones',
    { codigo: 'VERANO20', tipo: 'porcentaje', descuento: 20, fecha_inicio: '2026-01-01', fecha_fin: '2026-03-31' },
  ],
  [
    'saveCoupon',
    (c) =>
      c.saveCoupon('VERANO20', {
        codigo: 'VERANO20',
        tipo: 'monto',
        monto: 15,
        minimo: 100,
        fecha_inicio: '2026-01-01',
        fecha_fin: '2026-03-31',
        marcas: ['COSRX'],
      }),
    json({ mensaje: 'ok', cupon: {} }),
    'PUT',
    '/admin/api/cupones/VERANO20',
    { codigo: 'VERANO20', tipo: 'monto', monto: 15, minimo: 100, fecha_inicio: '2026-01-01', fecha_fin: '2026-03-31', marcas: ['COSRX'] },
  ],
  [
    'pauseCoupon',
    (c) => c.pauseCoupon('VER/ANO', true),
    json({ mensaje: 'ok', cupon: {} }),
    'POST',
    '/admin/api/cupones/VER%2FANO/desactivar',
    {},
  ],
  [
    'pauseCoupon resumed',
    (c) => c.pauseCoupon('VERANO20', false),
    json({ mensaje: 'ok', cupon: {} }),
    'POST',
    '/admin/api/cupones/VERANO20/activar',
    {},
  ],
  ['endCoupon', (c) => c.endCoupon('VERANO20'), json({ mensaje: 'ok', cupon: {} }), 'POST', '/admin/api/cupones/VERANO20/terminar', {}],
  [
    'stockHistory',
    (c) => c.stockHistory('SKU/1'),
    json({ idProducto: 12, movimientos: [], siguiente: null }),
    'GET',
    '/admin/api/productos/SKU%2F1/movimientos',
  ],
  [
    'stockHistory older',
    (c) => c.stockHistory(12, 340),
    json({ idProducto: 12, movimientos: [], siguiente: null }),
    'GET',
    '/admin/api/productos/12/movimientos?antes=340',
  ],
  ['publishingStatus', (c) => c.publishingStatus(), json({ estado: 'al-dia', version: 3 }), 'GET', '/admin/api/publicacion'],
  ['homeContent', (c) => c.homeContent('banners'), json({ banners: [] }), 'GET', '/admin/api/banners'],
  [
    'saveHomeContent new',
    (c) => c.saveHomeContent('mensajes', null, { mensaje: 'Envío gratis', desde: null, hasta: '2026-12-31T23:59:00-05:00' }),
    json({ mensaje: 'ok', mensajes: [] }, 201),
    'POST',
    '/admin/api/mensajes',
    { mensaje: 'Envío gratis', desde: null, hasta: '2026-12-31T23:59:00-05:00' },
  ],
  [
    'saveHomeContent',
    (c) =>
      c.saveHomeContent('popups', 4, {
        img_url: '/imagenes/ab.png',
        rutabutton: '/ofertas',
        alt: 'Ofertas',
        visible: true,
        desde: null,
        hasta: null,
      }),
    json({ mensaje: 'ok', popups: [] }),
    'PUT',
    '/admin/api/popups/4',
    { img_url: '/imagenes/ab.png', rutabutton: '/ofertas', alt: 'Ofertas', visible: true, desde: null, hasta: null },
  ],
  ['removeHomeContent', (c) => c.removeHomeContent('banners', 3), json({ mensaje: 'ok' }), 'DELETE', '/admin/api/banners/3'],
  [
    'moveHomeContent',
    (c) => c.moveHomeContent('mensajes', 4, 1),
    json({ mensaje: 'ok' }),
    'POST',
    '/admin/api/mensajes/4/posicion',
    { posicion: 1 },
  ],
  [
    'uploadContentImage',
    (c) => c.uploadContentImage('banner.png', 'iVBORw=='),
    json({ url: '/imagenes/ef.png', sha256: 'ef' }, 201),
    'POST',
    '/admin/api/imagenes',
    { nombre: 'banner.png', datos: 'iVBORw==' },
  ],
  ['shopTexts', (c) => c.shopTexts(), json({ paginas: {}, tiendas: [], redes: {}, editados: [] }), 'GET', '/admin/api/textos'],
  [
    'saveShopText',
    (c) => c.saveShopText('redes', { instagram: 'https://instagram.com/kbeautyperu' }),
    json({ mensaje: 'ok' }),
    'PUT',
    '/admin/api/textos/redes',
    { instagram: 'https://instagram.com/kbeautyperu' },
  ],
  [
    'resetShopText',
    (c) => c.resetShopText('preguntas-frecuentes'),
    json({ mensaje: 'ok' }),
    'DELETE',
    '/admin/api/textos/preguntas-frecuentes',
  ],
  [
    'shopSettings',
    (c) => c.shopSettings(),
    json({ ajustes: {}, actualizado: null, actualizadoPor: null, identidadDemo: true, avisos: [] }),
    'GET',
    '/admin/api/tienda/ajustes',
  ],
  [
    'saveShopSettings',
    (c) => c.saveShopSettings(AJUSTES),
    json({ ajustes: {}, actualizado: 'x', actualizadoPor: 'Ana Díaz', identidadDemo: false, avisos: [] }),
    'PUT',
    '/admin/api/tienda/ajustes',
    AJUSTES,
  ],
  [
    'tariffs',
    (c) => c.tariffs({ departamento: 15, provincia: 1501, q: 'Miraflores', pagina: 2 }),
    json({ filas: [], total: 0, pagina: 2, porPagina: 100, departamentos: [], provincias: [] }),
    'GET',
    '/admin/api/envios/tarifas?departamento=15&provincia=1501&q=Miraflores&pagina=2',
  ],
  [
    'tariffs first page',
    (c) => c.tariffs({}),
    json({ filas: [], total: 0, pagina: 1, porPagina: 100, departamentos: [], provincias: [] }),
    'GET',
    '/admin/api/envios/tarifas',
  ],
  [
    'changeTariffs',
    (c) => c.changeTariffs({ alcance: { tipo: 'provincia', id: 1501 }, operacion: 'sumar', monto: 2.5, simulacro: true }),
    json({ mensaje: 'ok', simulacro: true, distritos: 43, cambian: 43, ejemplos: [], enCero: 0 }),
    'POST',
    '/admin/api/envios/tarifas/lote',
    { alcance: { tipo: 'provincia', id: 1501 }, operacion: 'sumar', monto: 2.5, simulacro: true },
  ],
];

describe('operator client', () => {
  it.each(CALLS)('%s: its verb, path and body, with the operator token and name', async (_, call, answer, method, path, body) => {
    const calls = stubFetch(answer);
    await call(client());
    expect(calls).toHaveLength(1);
    const { headers, ...rest } = sent(calls[0]!);
    expect(rest).toEqual({ method, url: `${BASE}${path}`, body });
    // The name travels percent-encoded (a header holds no accents); the API decodes it for the audit trail.
    expect(headers).toMatchObject({ Authorization: 'Bearer tok-operador', 'X-Operador': 'Ana%20D%C3%ADaz' });
    expect(headers['Content-Type']).toBe(body === undefined ? undefined : 'application/json');
  });

  it('covers every call the operator API has for the command line, each verb among them', () => {
    expect(new Set(CALLS.map(([name]) => name.split(' ')[0]))).toEqual(new Set(Object.keys(client())));
    expect(new Set(CALLS.map(([, , , method]) => method))).toEqual(new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
  });

  it("answers the API's JSON, a CSV byte for byte, and a backup's stream with its file name", async () => {
    stubFetch(json({ pedidos: [{ idVenta: 3 }] }), new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
    await expect(client().orders()).resolves.toEqual({ pedidos: [{ idVenta: 3 }] });
    const bytes = await client().reclamosCsv();
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(CSV.slice(1));

    stubFetch(
      new Response('gzip', {
        headers: { 'Content-Type': 'application/gzip', 'Content-Disposition': 'attachment; filename="respaldo-2026-11-29-0130.tar.gz"' },
      }),
    );
    const respaldo = await client().backup();
    expect(respaldo.nombre).toBe('respaldo-2026-11-29-0130.tar.gz');
    expect(await new Response(respaldo.cuerpo).text()).toBe('gzip');
  });

  it('sends no operator name when none is given, and goes through its own transport to its base', async () => {
    const global = stubFetch();
    const calls: { url: string; init: RequestInit }[] = [];
    const own = operatorClient({
      token: 't',
      base: 'http://tienda.local',
      fetch: async (url, init) => (calls.push({ url, init }), json({ cupones: [] })),
    });
    await own.coupons();
    expect(global).toEqual([]);
    expect(calls.map(sent)).toEqual([
      {
        method: 'GET',
        url: 'http://tienda.local/admin/api/cupones',
        body: undefined,
        headers: { Accept: 'application/json', Authorization: 'Bearer t' },
      },
    ]);

    const same = stubFetch(json({ pedidos: [] }));
    await operatorClient({ token: 't' }).orders();
    // In the browser: the page's own origin (API_BASE), like the storefront's calls.
    expect(same[0]!.url).toBe('/admin/api/pedidos');
  });

  it("refuses with the API's Spanish mensaje, its status when it said nothing, and a NetworkError without answer", async () => {
    stubFetch(
      json({ mensaje: 'El pedido N.° 12 ya está ENTREGADO: no puede pasar a CANCELADO.' }, 409),
      new Response('<html>Bad gateway</html>', { status: 503 }),
      new TypeError('fetch failed'),
      json({ pedido: null }),
    );
    await expect(client().moveOrder(12, { estado: 'CANCELADO' })).rejects.toEqual(
      new ApiError(409, 'El pedido N.° 12 ya está ENTREGADO: no puede pasar a CANCELADO.'),
    );
    await expect(client().orders()).rejects.toMatchObject({
      status: 503,
      mensaje: undefined,
      message: 'La tienda no pudo atender la solicitud (error 503).',
    });
    await expect(client().removeContent('banners', 1)).rejects.toBeInstanceOf(NetworkError);
    // An answer without what the caller reads is unusable: 502.
    await expect(client().order(12)).rejects.toEqual(new ApiError(502));
  });

  it("refuses a download with the API's mensaje, and an answer that is not the file as a 502", async () => {
    const advice = 'La tienda usa un servidor PostgreSQL: haz el respaldo con pg_dump.';
    stubFetch(
      json({ mensaje: advice }, 409),
      new Response('<html>login</html>', { headers: { 'Content-Type': 'text/html' } }),
      json({ mensaje: 'El estado debe ser pendiente o respondido.' }, 400),
      json({ reclamos: [] }),
    );
    await expect(client().backup()).rejects.toEqual(new ApiError(409, advice));
    await expect(client().backup()).rejects.toEqual(new ApiError(502));
    await expect(client().reclamosCsv()).rejects.toEqual(new ApiError(400, 'El estado debe ser pendiente o respondido.'));
    await expect(client().reclamosCsv()).rejects.toEqual(new ApiError(502));
  });

  it('is browser code: it and what it imports read no environment and load no Node or server module', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/\bprocess\.env\b/);
      expect(text, file).not.toMatch(/from\s+['"]node:/);
      for (const [, typeOnly, target] of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
        const path = resolve(dirname(file), target!);
        if (relative(join(import.meta.dirname, '../..'), path).startsWith('server/')) {
          // The API's App type only, erased at build (routes.ts): the typed paths.
          expect([typeOnly, relative(join(import.meta.dirname, '../..'), path)]).toEqual(['type ', 'server/app.ts']);
          continue;
        }
        visit(path);
      }
    };
    visit(join(import.meta.dirname, 'operator-client.ts'));
    expect(seen.size).toBeGreaterThan(5);
  });
});

/** The client against the real API in-process: the typed paths reach their routes, every verb works, and refusals keep the API's words. */
describeEachDatabase('operator client against the operator API', (target) => {
  const TOKEN = 'operador-del-cliente-0123456789';
  let shop: TestShop;
  let ana: OperatorClient;
  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    ana = operatorClient({
      token: TOKEN,
      operador: 'Ana Díaz',
      base: 'http://tienda.local',
      fetch: async (url, init) => shop.app.request(url, init),
    });
  });
  afterAll(() => shop?.close());

  it('reads and changes a product (PATCH), adds and removes a message (DELETE), and the audit trail names the operator', async () => {
    const [producto] = await shop.catalogue();
    const { producto: antes } = await ana.product(String(producto!.idProducto));
    expect(antes.idProducto).toBe(producto!.idProducto);
    const cambio = await ana.updateProduct(String(producto!.idProducto), { stock: antes.stock + 3 });
    expect(cambio.mensaje).toMatch(new RegExp(`stock ${antes.stock} → stock ${antes.stock + 3}`));
    expect((await ana.product(String(producto!.idProducto))).producto.stock).toBe(antes.stock + 3);

    const agregado = await ana.addContent('mensajes', { mensaje: 'Envío gratis desde S/250' });
    const id = agregado.mensajes.find((m) => m.mensaje === 'Envío gratis desde S/250')!.id;
    expect((await ana.content('mensajes')).mensajes.map((m) => m.id)).toContain(id);
    const quitado = await ana.removeContent('mensajes', id);
    expect(quitado.mensaje).toMatch(/quitado/);
    expect((await ana.content('mensajes')).mensajes.map((m) => m.id)).not.toContain(id);

    const { entradas } = await ana.auditTrail(3);
    expect(entradas.map((e) => [e.operador, e.accion])).toEqual([
      ['token de operador (Ana Díaz)', 'mensaje.quitar'],
      ['token de operador (Ana Díaz)', 'mensaje.agregar'],
      ['token de operador (Ana Díaz)', 'producto.cambiar'],
    ]);
  });

  it("refuses in the API's Spanish words: an unknown order, a bad change, a wrong token", async () => {
    await expect(ana.order(999_999)).rejects.toEqual(new ApiError(404, 'No existe el pedido N.° 999999.'));
    await expect(ana.auditTrail('muchas')).rejects.toMatchObject({
      status: 400,
      mensaje: expect.stringMatching(/^El límite debe ser un número entero/),
    });
    const intruso = operatorClient({
      token: 'otro-token-cualquiera-0123456789',
      base: 'http://tienda.local',
      fetch: async (url, init) => shop.app.request(url, init),
    });
    await expect(intruso.orders()).rejects.toEqual(new ApiError(401, 'Token de operador inválido.'));
  });

  it('lists orders, reviews, receipts and complaint sheets, and exports the book as CSV', async () => {
    await expect(ana.orders('PENDIENTE')).resolves.toMatchObject({ pedidos: [] });
    await expect(ana.resenas('PENDIENTE')).resolves.toEqual({ resenas: [] });
    await expect(ana.comprobantes()).resolves.toMatchObject({ comprobantes: [] });
    await expect(ana.comprobantesPage({ estado: 'por-atender', porPagina: 10 })).resolves.toEqual({
      comprobantes: [],
      total: 0,
      pagina: 1,
      porPagina: 10,
    });
    const registro = await ana.exportSalesRegister('2026-11');
    expect(registro.nombre).toBe('registro-de-ventas-2026-11.csv');
    expect([...new Uint8Array(await registro.datos.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    await expect(ana.reclamos()).resolves.toEqual({ reclamos: [] });
    const csv = await ana.reclamosCsv('pendiente');
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
