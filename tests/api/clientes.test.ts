import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClienteCambiado, ClienteEliminado, DetalleCliente, PaginaClientes } from '../../src/lib/api/clientes-schemas.ts';
import type { PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { HojaRespuesta, ReclamoNuevo } from '../../src/lib/api/reclamos-schemas.ts';
import type { ResenaCreada } from '../../src/lib/api/resenas-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { sumarDiasHabiles } from '../../src/lib/dias-habiles.ts';
import { DERECHOS_DATOS } from '../../src/lib/tienda.ts';
import { REAUTENTICAR, SOLO_ROL } from '../../src/server/admin/roles.ts';
import { RATE_LIMITS } from '../../src/server/config.ts';
import { comprobantes, pedidoLineas, pedidos, productos, reclamos, solicitudesDatos } from '../../src/server/db/schema/index.ts';
import { noLaborables } from '../../src/server/reclamos/calendario.ts';
import { describeEachDatabase } from './databases.ts';
import { entregar } from './dinero.ts';
import { configConPersonas, personas, relojDePrueba, type PersonaDePrueba } from './personas.ts';
import {
  lineOf,
  newKey,
  openShop,
  payDePrueba,
  plainProducts,
  preferenceBody,
  PROVINCIA,
  runJobsUntilIdle,
  validBody,
  type TestShop,
} from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const MIN = 60_000;

/** Columns that name a customer, an e-mail or an order: a table with one mentions a customer. */
const COLUMNAS_DEL_CLIENTE = ['cliente_id', 'correo', 'email', 'pedido_id'];
/** A phone as people write it: '913 579 246'. */
const conEspacios = (telefono: string) => telefono.replace(/(\d{3})(?=\d)/g, '$1 ');

/**
 * 'Clientes' and Ley 29733 (the customer's rights to see, correct and delete her data): one customer who
 * bought, reviewed, complained, waits on 'Avísame' and asked for her data; searched, corrected by staff,
 * exported and deleted by the owner, then looked for in every table of the database.
 */
describeEachDatabase('Clientes: her data seen, corrected, exported and deleted (Ley 29733)', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  const reloj = relojDePrueba();
  const p = personas(() => shop, TOKEN, reloj);
  const { api, json } = p;
  let duena: PersonaDePrueba;
  let luis: PersonaDePrueba;
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const peru = noLaborables();
  let siguiente = 0;

  /** A customer registered through the shop (marketing accepted), with her DNI saved. */
  async function registrar(nombre: string, usuario: string, telefono: string, dni: string) {
    const correo = `${usuario}@example.pe`;
    const alta = await shop.call('POST', '/clientes/register', {
      body: { nombre, usuario, correo, password: 'secreta123', telefono, aceptaMarketing: true },
    });
    expect(alta.status, await alta.clone().text()).toBe(201);
    const login = (await (await shop.call('POST', '/login', { body: { user: usuario, password: 'secreta123' } })).json()) as {
      id: number;
      mensaje: string;
    };
    const perfil = await shop.call('PUT', `/web/clientes/${login.id}`, {
      token: login.mensaje,
      body: { nombre, usuario, telefono, direccion: 'Av. Los Próceres 455', docType: 'DNI', docNumber: dni },
    });
    expect(perfil.status).toBe(200);
    return { id: login.id, token: login.mensaje, usuario, correo, nombre, telefono, dni };
  }
  type Clienta = Awaited<ReturnType<typeof registrar>>;

  /** A paid delivery order of hers (her document on it), delivered. */
  async function compraEntregada(clienta: Clienta, producto: Producto) {
    const cuerpo = preferenceBody(clienta.id, [lineOf(producto, 1)], { metodo: PROVINCIA });
    cuerpo.metadata = { ...cuerpo.metadata, documento_numero: clienta.dni };
    const res = await shop.call('POST', `/carrito/create-preference/${clienta.id}`, {
      token: clienta.token,
      body: await validBody(shop, clienta, cuerpo),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const preferencia = (await res.json()) as PreferenciaCreada;
    expect((await payDePrueba(shop, preferencia.id, 'approved')).status).toBe(200);
    await runJobsUntilIdle(shop);
    await entregar(shop, preferencia.idVenta, false);
    return preferencia.idVenta;
  }

  /** A customer with an order delivered, its review approved, a complaint, a restock alert, a staff note and an access request pending. */
  async function clientaCompleta(nombre: string, usuario: string, telefono: string, dni: string) {
    const v = await registrar(nombre, usuario, telefono, dni);
    const producto = plain[siguiente++]!;
    const idVenta = await compraEntregada(v, producto);
    const texto = JSON.stringify({
      idProducto: producto.idProducto,
      estrellas: 5,
      titulo: 'Me encantó',
      texto: 'Deja la piel suave y no irrita.',
    });
    const escrita = await shop.call('POST', '/api/resenas', {
      token: v.token,
      body: texto,
      headers: { 'Content-Length': String(Buffer.byteLength(texto)) },
    });
    expect(escrita.status, await escrita.clone().text()).toBe(201);
    const { resena } = (await escrita.json()) as ResenaCreada;
    expect((await api('POST', `/resenas/${resena.id}`, { token: TOKEN, body: { accion: 'aprobar' } })).status).toBe(200);
    const hoja: ReclamoNuevo = {
      tipo: 'reclamo',
      consumidor: {
        nombre: v.nombre,
        documentoTipo: 'DNI',
        documentoNumero: v.dni,
        direccion: 'Jr. Las Camelias 742, Surquillo',
        telefono: conEspacios(telefono),
        correo: v.correo,
        menorDeEdad: false,
      },
      bien: { tipo: 'producto', descripcion: producto.nombre, pedido: idVenta },
      monto: 50,
      detalle: `Soy ${v.nombre}, el frasco llegó abierto. Llámenme al ${conEspacios(telefono)} o escriban a ${v.correo}.`,
      pedidoConsumidor: 'Que me envíen uno nuevo.',
    };
    const filed = await shop.call('POST', '/api/libro-reclamaciones', {
      token: v.token,
      body: hoja,
      headers: { 'X-Forwarded-For': `10.38.0.${++siguiente}` },
    });
    expect(filed.status, await filed.clone().text()).toBe(201);
    const numero = ((await filed.json()) as HojaRespuesta).hoja.numero;
    const agotado = plain[siguiente++]!;
    await shop.setStock(agotado.idProducto, 0);
    expect((await shop.call('POST', '/api/avisos-stock', { token: v.token, body: { productoId: agotado.idProducto } })).status).toBe(202);
    await json(
      await api('POST', `/pedidos/${idVenta}/notas`, {
        token: TOKEN,
        body: { texto: `${v.nombre} pidió que llamen al ${telefono} antes.` },
      }),
      200,
    );
    await json(
      await api('POST', `/clientes/${v.id}/solicitudes`, { cookie: luis.cookie, body: { tipo: 'acceso', recibida: '2026-11-23' } }),
      201,
    );
    await runJobsUntilIdle(shop);
    return { ...v, idVenta, producto, numero, agotado };
  }

  beforeAll(async () => {
    const generoso = { max: 100_000, windowSeconds: 900 };
    const rateLimits = Object.fromEntries(Object.keys(RATE_LIMITS).map((nombre) => [nombre, generoso])) as typeof RATE_LIMITS;
    shop = await openShop(target, { config: { ...configConPersonas(TOKEN, reloj), rateLimits } });
    plain = plainProducts(await shop.catalogue());
    duena = await p.alta('rosa@example.pe', 'dueno', 'Rosa Díaz');
    luis = await p.alta('luis@example.pe', 'personal', 'Luis Huamán');
  });
  afterAll(() => shop?.close());

  it('finds her by name, e-mail or document without minding accents or case, a page at a time; a bad query is a Spanish 400', async () => {
    const v = await registrar('Valentina Ñahui', 'busqueda1', '912000111', '70000001');
    await registrar('Óscar Ñique', 'busqueda2', '912000222', '70000002');
    const buscar = async (q: string, extra = '') =>
      json<PaginaClientes>(await api('GET', `/clientes?q=${encodeURIComponent(q)}${extra}`, { cookie: luis.cookie }));
    for (const q of ['nahui', 'VALENTINA ÑAHUI', 'busqueda1@example', '70000001'])
      expect(
        (await buscar(q)).clientes.map((c) => c.id),
        q,
      ).toEqual([v.id]);
    const ambos = await buscar('busqueda');
    expect(ambos.total).toBe(2);
    expect(ambos.clientes[1]).toMatchObject({ id: v.id, nombre: 'Valentina Ñahui', documento: 'DNI 70000001', pedidos: 0 });
    expect((await buscar('nadie-se-llama-asi')).total).toBe(0);
    const todas = await json<PaginaClientes>(await api('GET', '/clientes', { cookie: luis.cookie }));
    expect(todas.porPagina).toBe(DERECHOS_DATOS.porPagina);
    expect(todas.clientes[0]!.id).toBeGreaterThan(v.id);
    const mala = await api('GET', '/clientes?pagina=0', { cookie: luis.cookie });
    expect([mala.status, await mensaje(mala)]).toEqual([400, `La página debe ser un número entero de 1 a ${DERECHOS_DATOS.paginaMaxima}.`]);
    const desconocida = await api('GET', '/clientes?orden=x', { cookie: luis.cookie });
    expect([desconocida.status, await mensaje(desconocida)]).toEqual([400, 'Filtro desconocido: orden. Se admiten: q, pagina.']);
    const id = await api('GET', '/clientes/abc', { cookie: luis.cookie });
    expect([id.status, await mensaje(id)]).toEqual([400, 'El número de cliente debe ser un número entero positivo.']);
    expect((await api('GET', '/clientes/999999', { cookie: luis.cookie })).status).toBe(404);
  });

  it('her page: orders, reviews, complaints, alerts, consents and her pending request with the reglamento’s deadline', async () => {
    const v = await clientaCompleta('Jimena Quispe', 'jimena', '913000111', '45678911');
    const pagina = await json<DetalleCliente>(await api('GET', `/clientes/${v.id}`, { cookie: luis.cookie }));
    expect(pagina.cliente).toMatchObject({ correo: v.correo, telefono: v.telefono, documentoTipo: 'DNI', documentoNumero: v.dni });
    expect(pagina.pedidos.map((x) => [x.idVenta, x.estado])).toEqual([[v.idVenta, 'ENTREGADO']]);
    expect(pagina.resenas).toEqual([expect.objectContaining({ producto: v.producto.nombre, estrellas: 5, estado: 'APROBADA' })]);
    expect(pagina.reclamos.map((r) => r.numero)).toEqual([v.numero]);
    expect(pagina.avisos).toEqual([expect.objectContaining({ producto: v.agotado.nombre, enviado: null, baja: null })]);
    expect(pagina.consentimientos).toEqual({ marketing: true, correosEnviados: false, avisosPendientes: 1 });
    expect(pagina.solicitudes).toEqual([
      expect.objectContaining({ tipo: 'acceso', recibida: '2026-11-23', plazo: sumarDiasHabiles('2026-11-23', 20, peru), atendida: null }),
    ]);
    expect(pagina.plazos).toEqual(DERECHOS_DATOS.plazos);
    // The list counts her orders and her pending request, not the shop's.
    await clientaCompleta('Otra Compradora', 'otracompra', '913000999', '45678919');
    const fila = (await json<PaginaClientes>(await api('GET', `/clientes?q=${v.usuario}`, { cookie: luis.cookie }))).clientes;
    expect(fila).toEqual([expect.objectContaining({ id: v.id, pedidos: 1, solicitudesPendientes: 1, ultimoPedido: expect.any(String) })]);
  });

  it('staff correct her data: audited in their name, recorded as a rectification; a taken e-mail, a bad document or nothing to change are Spanish 4xx', async () => {
    const v = await registrar('Camila Rojas', 'correccion1', '912000333', '70000003');
    const otra = await registrar('Otra Persona', 'correccion2', '912000444', '70000004');
    const corregir = (body: unknown) => api('PUT', `/clientes/${v.id}`, { cookie: luis.cookie, body });
    const tomado = await corregir({ correo: otra.correo.toUpperCase() });
    expect([tomado.status, await mensaje(tomado)]).toEqual([409, 'Ya existe otra cuenta con ese correo electrónico.']);
    const dni = await corregir({ documentoTipo: 'DNI', documentoNumero: '123' });
    expect([dni.status, await mensaje(dni)]).toEqual([400, 'El DNI debe tener 8 dígitos.']);
    const vacio = await corregir({});
    expect([vacio.status, await mensaje(vacio)]).toEqual([400, 'Indica al menos un dato que corregir.']);
    const igual = await corregir({ telefono: v.telefono });
    expect([igual.status, await mensaje(igual)]).toEqual([400, 'Estos datos ya son los de la cuenta: no hay nada que corregir.']);
    const futura = await corregir({ nombre: 'Camila', recibida: '2099-01-01' });
    expect([futura.status, await mensaje(futura)]).toEqual([400, 'La fecha en que llegó la solicitud no puede ser posterior a hoy.']);
    const correo = await corregir({ correo: 'no-es-un-correo' });
    expect([correo.status, await mensaje(correo)]).toEqual([400, 'Ingresa un correo electrónico válido.']);

    const hecho = await json<ClienteCambiado>(
      await corregir({
        nombre: 'Camila',
        apellido: 'Rojas Paz',
        telefono: '911 222 333',
        correo: 'Camila.Rojas@Example.pe',
        documentoTipo: 'PASAPORTE',
        documentoNumero: 'ab12345',
      }),
    );
    expect(hecho.detalle.cliente).toMatchObject({
      nombre: 'Camila',
      apellido: 'Rojas Paz',
      telefono: '911222333',
      correo: 'camila.rojas@example.pe',
      documentoTipo: 'PASAPORTE',
      documentoNumero: 'AB12345',
    });
    expect(hecho.detalle.solicitudes).toEqual([
      expect.objectContaining({
        tipo: 'rectificacion',
        atendidaPor: 'Luis Huamán',
        detalle: 'Corregido: nombre, apellido, celular, correo, documento.',
      }),
    ]);
    expect((await p.auditoria()).find((e) => e.accion === 'cliente.corregir' && e.objetivo === `cliente ${v.id}`)).toMatchObject({
      operador: 'Luis Huamán',
      antes: { nombre: 'Camila Rojas', apellido: '', telefono: '912000333', correo: v.correo, documento: 'DNI 70000003' },
      despues: {
        nombre: 'Camila',
        apellido: 'Rojas Paz',
        telefono: '911222333',
        correo: 'camila.rojas@example.pe',
        documento: 'PASAPORTE AB12345',
      },
    });
    // She signs in with the corrected address.
    const login = (await (
      await shop.call('POST', '/login', { body: { user: 'camila.rojas@example.pe', password: 'secreta123' } })
    ).json()) as { id: number };
    expect(login.id).toBe(v.id);
  });

  it('staff may not export nor delete (403); a stale owner is asked to sign in again', async () => {
    const v = await registrar('Lucía Torres', 'permisos1', '912000555', '70000005');
    for (const accion of ['exportar', 'eliminar']) {
      const staff = await api('POST', `/clientes/${v.id}/${accion}`, { cookie: luis.cookie, body: {} });
      expect([staff.status, await mensaje(staff)]).toEqual([403, SOLO_ROL('dueno')]);
    }
    reloj.avanzar(11 * MIN);
    for (const accion of ['exportar', 'eliminar']) {
      const rancia = await api('POST', `/clientes/${v.id}/${accion}`, { cookie: duena.cookie, body: {} });
      expect([rancia.status, await mensaje(rancia)]).toEqual([403, REAUTENTICAR]);
    }
    expect((await api('GET', `/clientes/${v.id}`, { cookie: luis.cookie })).status).toBe(200);
    expect(await shop.database.db.select().from(solicitudesDatos).where(eq(solicitudesDatos.clienteId, v.id))).toEqual([]);
    await p.reautenticar(duena.cookie, duena);
  });

  it('the export holds every table that mentions a customer (read from the catalogue), her rows in each, and answers her pending access request', async () => {
    const v = await clientaCompleta('Rocío Mamani', 'rocio', '913000222', '45678912');
    await p.reautenticar(duena.cookie, duena);
    const res = await api('POST', `/clientes/${v.id}/exportar`, { cookie: duena.cookie, body: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^attachment; filename="cliente-${v.id}-datos-\\d{4}-\\d\\d-\\d\\d\\.json"$`),
    );
    const archivo = (await res.json()) as { tablas: Record<string, Record<string, unknown>[]>; noIncluidas: Record<string, string> };

    const catalogo = await shop.database.db.execute(sql`
      SELECT DISTINCT c.table_name AS tabla FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public' AND c.column_name IN (${sql.join(
        COLUMNAS_DEL_CLIENTE.map((c) => sql`${c}`),
        sql`, `,
      )})`);
    const tablas = (catalogo as unknown as { rows: { tabla: string }[] }).rows.map((r) => r.tabla).sort();
    expect(tablas).toContain('pedidos');
    const faltan = tablas.filter((tabla) => !(tabla in archivo.tablas) && !(tabla in archivo.noIncluidas));
    expect(faltan, 'tablas con datos de clientes que la exportación no incluye').toEqual([]);
    // Only the staff's own tables are left out, on purpose.
    expect(Object.keys(archivo.noIncluidas).sort()).toEqual(['invitaciones_personal', 'personas']);

    const { tablas: t } = archivo;
    expect(t.clientes).toEqual([
      expect.objectContaining({ id: v.id, correo: v.correo, telefono: v.telefono, dni: v.dni, acepta_marketing: true }),
    ]);
    expect(t.clientes![0]).not.toHaveProperty('password_hash');
    expect(t.pedidos!.map((x) => x.id)).toEqual([v.idVenta]);
    expect(t.pedido_lineas!.map((x) => x.producto_id)).toEqual([v.producto.idProducto]);
    expect(t.pedido_historial!.length).toBeGreaterThanOrEqual(3);
    expect(t.pedido_notas!.map((x) => x.texto)).toEqual([`${v.nombre} pidió que llamen al ${v.telefono} antes.`]);
    expect(t.pagos!.length).toBe(1);
    expect(t.comprobantes!.map((x) => x.tipo)).toEqual(['03']);
    expect(t.resenas!.map((x) => x.titulo)).toEqual(['Me encantó']);
    expect(t.reclamos!.map((x) => x.correo)).toEqual([v.correo]);
    expect(t.avisos_stock!.map((x) => x.producto_id)).toEqual([v.agotado.idProducto]);
    expect(t.avisos_stock![0]).not.toHaveProperty('clave');
    expect(t.cupones_usuario!.length).toBe(1);
    expect(t.solicitudes_datos).toEqual([expect.objectContaining({ tipo: 'acceso', recibida: '2026-11-23', atendida_por: 'Rosa Díaz' })]);
    expect((await p.auditoria()).find((e) => e.accion === 'cliente.exportar' && e.objetivo === `cliente ${v.id}`)).toMatchObject({
      operador: 'Rosa Díaz',
    });
  });

  it('deleting her: refused while an order is under way; then one transaction keeps orders, receipts and complaints anonymised and nothing else of her', async () => {
    const v = await clientaCompleta('Ximena Ñaupari', 'cliente.xn7', '913579246', '45678913');
    const [productoAntes] = await shop.database.db.select().from(productos).where(eq(productos.id, v.producto.idProducto));
    // An order of hers still to pay: the shop needs her data to deliver it.
    const pendiente = await shop.call('POST', `/carrito/create-preference/${v.id}`, {
      token: v.token,
      body: await validBody(shop, v, preferenceBody(v.id, [lineOf(plain[siguiente++]!, 1)])),
      headers: { 'Idempotency-Key': newKey() },
    });
    const { idVenta: enCurso } = (await pendiente.json()) as PreferenciaCreada;
    await p.reautenticar(duena.cookie, duena);
    const rechazo = await api('POST', `/clientes/${v.id}/eliminar`, { cookie: duena.cookie, body: {} });
    expect([rechazo.status, await mensaje(rechazo)]).toEqual([
      409,
      `No se puede eliminar la cuenta mientras tenga pedidos en curso (N.° ${enCurso}): hacen falta sus datos para entregarlos. Elimínala cuando estén entregados o cancelados.`,
    ]);
    await json(
      await api('POST', `/pedidos/${enCurso}/estado`, { token: TOKEN, body: { estado: 'CANCELADO', nota: `Lo pidió ${v.nombre}` } }),
    );

    const [pedidoAntes] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, v.idVenta));
    const hecho = await json<ClienteEliminado>(
      await api('POST', `/clientes/${v.id}/eliminar`, { cookie: duena.cookie, body: { recibida: '2026-11-27' } }),
    );
    expect(hecho).toMatchObject({
      conservados: { pedidos: 2, comprobantes: 1, reclamos: 1 },
      borrados: { resenas: 1, avisos: 1, cupones: 1 },
    });

    // Kept, anonymised: the order with its amounts and lines, the receipt as issued (without the e-mail), the complaint sheet.
    const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, v.idVenta));
    expect(pedido).toMatchObject({
      clienteId: null,
      nombre: 'Cliente eliminado',
      correo: '',
      telefono: '',
      direccion: '',
      documentoNumero: '',
      total: pedidoAntes!.total,
      subtotal: pedidoAntes!.subtotal,
      estado: 'ENTREGADO',
      distrito: pedidoAntes!.distrito,
    });
    expect(await shop.database.db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, v.idVenta))).toHaveLength(1);
    const [boleta] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, v.idVenta));
    expect(boleta!.cliente).toMatchObject({ numeroDocumento: v.dni, denominacion: expect.stringContaining('Ximena'), correo: '' });
    const [hoja] = await shop.database.db
      .select()
      .from(reclamos)
      .where(sql`${reclamos.pedido} = ${v.idVenta}`);
    expect(hoja).toMatchObject({
      clienteId: null,
      nombre: 'Cliente eliminado',
      correo: '',
      telefono: null,
      documentoNumero: '',
      direccion: '',
      monto: 5000,
    });
    expect(hoja!.detalle).toBe(
      `Soy [dato eliminado], el frasco llegó abierto. Llámenme al [dato eliminado] o escriban a [dato eliminado].`,
    );
    // Her review is gone and the product's stars are counted without it.
    const [productoDespues] = await shop.database.db.select().from(productos).where(eq(productos.id, v.producto.idProducto));
    expect(productoDespues!.resenasCantidad).toBe(productoAntes!.resenasCantidad - 1);
    // The request's record stays, unlinked, with the law's deadline (10 working days) and who did it.
    const [cancelacion] = await shop.database.db
      .select()
      .from(solicitudesDatos)
      .where(sql`${solicitudesDatos.tipo} = 'cancelacion' AND ${solicitudesDatos.recibida} = '2026-11-27'`);
    expect(cancelacion).toMatchObject({ clienteId: null, plazo: sumarDiasHabiles('2026-11-27', 10, peru), atendidaPor: 'Rosa Díaz' });

    // Nothing else of her anywhere: no row with her id, and no text with her e-mail, phone, user, name or document
    // (the receipts keep the name and document SUNAT requires; the audit trail is never rewritten: docs/decisions/0220).
    const conCliente = await columnas(`data_type = 'integer' AND column_name = 'cliente_id'`);
    for (const [tabla] of conCliente) {
      const filas = await cuenta(sql`SELECT count(*)::int AS n FROM ${sql.identifier(tabla)} WHERE cliente_id = ${v.id}`);
      expect(filas, `${tabla}.cliente_id`).toBe(0);
    }
    const textos = await columnas(`data_type IN ('text', 'character varying', 'jsonb')`);
    const rastros = [v.correo, v.usuario, v.telefono, conEspacios(v.telefono), v.nombre, 'Ñaupari', v.dni];
    const hallados: string[] = [];
    for (const [tabla, cols] of textos) {
      if (tabla === 'auditoria') continue;
      const fila = sql.join(
        cols.map((c) => sql`coalesce(${sql.identifier(c)}::text, '')`),
        sql` || ' ' || `,
      );
      for (const rastro of rastros) {
        if (tabla === 'comprobantes' && (rastro === v.nombre || rastro === 'Ñaupari' || rastro === v.dni)) continue;
        const n = await cuenta(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(tabla)} WHERE strpos(lower(${fila}), lower(${rastro})) > 0`,
        );
        if (n > 0) hallados.push(`${tabla}: ${rastro}`);
      }
    }
    expect(hallados).toEqual([]);
    const limites = await cuenta(
      sql`SELECT count(*)::int AS n FROM limites_solicitudes WHERE clave LIKE ${`%:id:${v.id}`} OR clave LIKE ${`%:id:${v.id}:%`}`,
    );
    expect(limites).toBe(0);
    expect((await p.auditoria()).find((e) => e.accion === 'cliente.eliminar' && e.objetivo === `cliente ${v.id}`)).toMatchObject({
      operador: 'Rosa Díaz',
    });

    // The account is gone: no page, no sign-in, no session; her e-mail may register again.
    expect((await api('GET', `/clientes/${v.id}`, { cookie: luis.cookie })).status).toBe(404);
    expect(
      ((await (await shop.call('POST', '/login', { body: { user: v.usuario, password: 'secreta123' } })).json()) as { id: number }).id,
    ).toBe(0);
    expect((await shop.call('GET', `/web/clientes/${v.id}`, { token: v.token })).status).toBe(401);
    const otra = await shop.call('POST', '/clientes/register', {
      body: { nombre: 'Ximena', usuario: 'ximenanueva', correo: v.correo, password: 'secreta123', telefono: v.telefono },
    });
    expect(otra.status).toBe(201);
  });

  /** Tables of the public schema with their columns that match `condicion`. */
  async function columnas(condicion: string): Promise<[string, string[]][]> {
    const res = await shop.database.db.execute(
      sql.raw(`SELECT c.table_name AS tabla, c.column_name AS columna FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema = 'public' AND ${condicion} ORDER BY 1, 2`),
    );
    const porTabla = new Map<string, string[]>();
    for (const { tabla, columna } of (res as unknown as { rows: { tabla: string; columna: string }[] }).rows)
      porTabla.set(tabla, [...(porTabla.get(tabla) ?? []), columna]);
    return [...porTabla];
  }
  async function cuenta(consulta: ReturnType<typeof sql>): Promise<number> {
    const res = await shop.database.db.execute(consulta);
    return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
});
