import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CotizacionServidor } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import {
  AVISO_IDENTIDAD_DEMO,
  type AjustesPublicos,
  type AjustesTienda,
  type AjustesTiendaRespuesta,
  type LoteTarifasRespuesta,
  type TarifasRespuesta,
} from '../../src/lib/api/tienda-schemas.ts';
import type { InicioRespuesta } from '../../src/lib/api/backoffice-schemas.ts';
import { PROVEEDOR, TIENDA } from '../../src/lib/tienda.ts';
import { REAUTENTICAR, SOLO_ROL } from '../../src/server/admin/roles.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { emitirComprobante } from '../../src/server/comprobantes/emision.ts';
import type { ProveedorComprobantes } from '../../src/server/comprobantes/proveedor.ts';
import { auditoria, ajustesTienda, comprobantes, departamentos, distritos, provincias } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { pedidoPagado } from './dinero.ts';
import { configConPersonas, personas, relojDePrueba, type PersonaDePrueba } from './personas.ts';
import { DESTINO, lineOf, openShop, plainProducts, preferenceBody, PROVINCIA, runJobsUntilIdle, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';

/** A company's own data: a RUC with SUNAT's check digit (20512345671), new series, one account. */
const PROPIOS: AjustesTienda = {
  ruc: '20512345671',
  razonSocial: 'Glow Andino S.A.C.',
  direccion: 'Jr. Ucayali 120, Cercado de Lima, Lima',
  series: { boleta: 'B002', factura: 'F002', notaBoleta: 'BC02', notaFactura: 'FC02' },
  cuentas: [{ banco: 'BCP', cuenta: '191-7654321-0-99', cci: '00219100765432109954', titular: 'Glow Andino S.A.C.' }],
  correoTienda: 'pedidos@glowandino.pe',
  envioGratisDesde: 150,
  devolucionDias: 30,
  puntosRecojo: [],
  diasNoLaborables: [],
};

/**
 * The shop's settings and tariffs (issue 37, item 8) through the operator API, with real people: staff
 * are refused and nothing changes; the owner's bad input is a Spanish 400 naming the field; a save is
 * audited and changes what the receipts name and number, what the checkout charges (threshold and
 * tariffs), the transfer accounts and the storefront's settings; a production shop never sends the
 * demo company to the receipts' provider.
 */
describeEachDatabase('shop settings and delivery tariffs', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  const reloj = relojDePrueba();
  const p = personas(() => shop, TOKEN, reloj);
  const { api, json } = p;
  let luis: PersonaDePrueba;
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const dueno = (method: string, path: string, body?: unknown) => api(method, path, { token: TOKEN, body });
  const ajustesActuales = async () => (await json<AjustesTiendaRespuesta>(await dueno('GET', '/tienda/ajustes'))).ajustes;

  /** Arequipa's province (the tests' delivery destination) and its department. */
  const arequipa = async () => {
    const [row] = await shop.database.db
      .select({ provincia: provincias.id, departamento: departamentos.id })
      .from(provincias)
      .innerJoin(departamentos, eq(provincias.departamentoId, departamentos.id))
      .where(and(eq(provincias.busqueda, 'AREQUIPA'), eq(departamentos.busqueda, 'AREQUIPA')));
    return row!;
  };
  const tarifaCayma = async () => {
    const [row] = await shop.database.db
      .select({ tarifa: distritos.tarifa })
      .from(distritos)
      .innerJoin(provincias, eq(distritos.provinciaId, provincias.id))
      .where(and(eq(distritos.busqueda, 'CAYMA'), eq(provincias.busqueda, 'AREQUIPA')));
    return Number(row!.tarifa);
  };
  /** The server's quote of one unit of `producto` × `cantidad` delivered to Cayma. */
  const cotizar = async (producto: Producto, cantidad: number) => {
    const customer = await shop.customer(`tienda${process.pid}x${Math.random().toString(36).slice(2, 8)}`);
    const res = await shop.call('POST', `/carrito/cotizar/${customer.id}`, {
      token: customer.token,
      body: preferenceBody(customer.id, [lineOf(producto, cantidad)], { metodo: PROVINCIA }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as CotizacionServidor;
  };

  beforeAll(async () => {
    shop = await openShop(target, { config: configConPersonas(TOKEN, reloj) });
    plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
    luis = await p.alta('luis@example.pe', 'personal', 'Luis Huamán');
  });
  afterAll(() => shop?.close());

  it('staff cannot read or change the settings or the tariffs: 403, nothing written', async () => {
    const antes = await tarifaCayma();
    const { provincia } = await arequipa();
    for (const [method, path, body] of [
      ['GET', '/tienda/ajustes', undefined],
      ['PUT', '/tienda/ajustes', { ...PROPIOS, puntosRecojo: (await ajustesActuales()).puntosRecojo }],
      ['GET', '/envios/tarifas', undefined],
      ['POST', '/envios/tarifas/lote', { alcance: { tipo: 'provincia', id: provincia }, operacion: 'fijar', monto: 1 }],
    ] as const) {
      const res = await api(method, path, { cookie: luis.cookie, body });
      expect([method, path, res.status, await mensaje(res)]).toEqual([method, path, 403, SOLO_ROL('dueno')]);
    }
    expect(await shop.database.db.select().from(ajustesTienda)).toEqual([]);
    expect(await tarifaCayma()).toBe(antes);
  });

  it('before any save: the defaults (the demo company, SHOP_EMAIL, S/250, the code’s pickup points), flagged on the home', async () => {
    const respuesta = await json<AjustesTiendaRespuesta>(await dueno('GET', '/tienda/ajustes'));
    // Nothing saved: the pages keep the code's values (no `valores` in the build's content).
    expect(await (await shop.call('GET', '/web/contenido')).json()).not.toHaveProperty('valores');
    expect(respuesta).toMatchObject({
      ajustes: {
        ruc: PROVEEDOR.ruc,
        razonSocial: PROVEEDOR.razonSocial,
        envioGratisDesde: TIENDA.envioGratisDesde,
        correoTienda: TIENDA.correo,
      },
      actualizado: null,
      identidadDemo: true,
    });
    expect(respuesta.ajustes.puntosRecojo.map((punto) => punto.metodo)).toContain('Recojo en Miraflores');
    const home = await json<InicioRespuesta>(await dueno('GET', '/inicio'));
    expect(home.pendientes.find((pendiente) => pendiente.clave === 'tienda-demo')).toMatchObject({
      cantidad: 1,
      urgente: true,
      enlace: '/admin/tienda',
    });
  });

  it('the owner’s bad input is a 400 naming the field, in Spanish, and nothing is saved', async () => {
    const puntos = (await ajustesActuales()).puntosRecojo;
    const casos: [Partial<Record<keyof AjustesTienda, unknown>>, string, string][] = [
      [{ ruc: '20512345672' }, 'ruc', 'El RUC no es válido: revisa sus dígitos.'],
      [{ ruc: '3051234567' }, 'ruc', 'El RUC debe tener 11 dígitos.'],
      [{ ruc: '30512345671' }, 'ruc', 'El RUC debe empezar con 10, 15, 16, 17 o 20.'],
      [{ razonSocial: '  ' }, 'razonSocial', 'Escribe la razón social.'],
      [
        { series: { ...PROPIOS.series, boleta: 'F001' } },
        'series.boleta',
        'La serie de boletas debe tener 4 caracteres y empezar con B, por ejemplo B001.',
      ],
      [
        { series: { ...PROPIOS.series, notaBoleta: 'B002' } },
        'series.notaBoleta',
        'Las notas de crédito necesitan una serie propia, distinta de la de boletas y facturas.',
      ],
      [{ cuentas: [{ ...PROPIOS.cuentas[0], cci: '123' }] }, 'cuentas.0.cci', 'El CCI debe tener 20 dígitos.'],
      [{ correoTienda: 'pedidos@' }, 'correoTienda', 'El correo de la tienda no es válido, por ejemplo pedidos@tutienda.pe.'],
      [{ envioGratisDesde: -1 }, 'envioGratisDesde', 'El monto para el envío gratis no puede ser negativo.'],
      [{ devolucionDias: 0 }, 'devolucionDias', 'El plazo de devolución debe ser de al menos 1 día.'],
      [
        { puntosRecojo: [{ ...puntos[0], metodo: 'Recojo en Cusco' }] },
        'puntosRecojo',
        'No existe el punto de recojo «Recojo en Cusco»: solo se editan los de la tienda.',
      ],
    ];
    for (const [cambio, campo, texto] of casos) {
      const res = await dueno('PUT', '/tienda/ajustes', { ...PROPIOS, puntosRecojo: puntos, ...cambio });
      expect([res.status, await res.json()]).toEqual([400, { mensaje: texto, campo }]);
    }
    expect(await shop.database.db.select().from(ajustesTienda)).toEqual([]);
  });

  it('a save is audited with what changed; the receipts then name the new company and use its series, earlier ones keep theirs', async () => {
    const [producto] = plain;
    const { idVenta: antes } = await pedidoPagado(shop, [[producto!, 1]]);
    const [viejo] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, antes));
    expect(viejo).toMatchObject({ serie: 'B001', emisor: { ruc: PROVEEDOR.ruc, razonSocial: PROVEEDOR.razonSocial } });

    const puntos = (await ajustesActuales()).puntosRecojo.map((punto) =>
      punto.metodo === 'Recojo en Miraflores'
        ? { ...punto, direccion: 'Av. Benavides 999, Miraflores', horario: 'Lunes a sábado de 11:00 a 20:00' }
        : punto,
    );
    const versionAntes = await catalogueVersion(shop.database.db);
    const guardado = await json<AjustesTiendaRespuesta>(await dueno('PUT', '/tienda/ajustes', { ...PROPIOS, puntosRecojo: puntos }));
    // The static pages say the saved threshold, return window and company: the build's content carries them, and the save asks for a rebuild.
    expect(await catalogueVersion(shop.database.db)).toBeGreaterThan(versionAntes);
    const { valores } = (await (await shop.call('GET', '/web/contenido')).json()) as { valores?: Record<string, unknown> };
    expect(valores).toEqual({
      envioGratis: 150,
      diasDevolucion: 30,
      razonSocial: PROPIOS.razonSocial,
      ruc: PROPIOS.ruc,
      correo: PROPIOS.correoTienda,
    });
    expect(guardado).toMatchObject({ identidadDemo: false, actualizadoPor: expect.stringContaining('token de operador') });
    expect(guardado.ajustes).toEqual({ ...PROPIOS, puntosRecojo: puntos });

    const [entrada] = await shop.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'tienda.ajustes'))
      .orderBy(desc(auditoria.id));
    expect(entrada).toMatchObject({
      objetivo: 'ajustes de la tienda',
      antes: { ruc: PROVEEDOR.ruc, envioGratisDesde: TIENDA.envioGratisDesde },
      despues: { ruc: PROPIOS.ruc, razonSocial: PROPIOS.razonSocial, envioGratisDesde: 150, series: PROPIOS.series },
    });

    const { idVenta: despues } = await pedidoPagado(shop, [[producto!, 1]]);
    const [nuevo] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, despues));
    expect(nuevo).toMatchObject({
      serie: 'B002',
      correlativo: 1,
      emisor: { ruc: PROPIOS.ruc, razonSocial: PROPIOS.razonSocial, direccion: PROPIOS.direccion },
    });
    const pagina = await (await shop.call('GET', `/api/comprobantes/${nuevo!.clave}`)).text();
    expect(pagina).toContain(`RUC ${PROPIOS.ruc}`);
    expect(pagina).toContain('Glow Andino S.A.C.');
    expect(pagina).not.toContain(PROVEEDOR.ruc);
    const paginaVieja = await (await shop.call('GET', `/api/comprobantes/${viejo!.clave}`)).text();
    expect(paginaVieja).toContain(`RUC ${PROVEEDOR.ruc}`);

    // A new hoja de reclamación names the company, and the shop's notice of it goes to the saved e-mail.
    const libro = await shop.call('POST', '/api/libro-reclamaciones', {
      headers: { 'X-Forwarded-For': '10.44.0.1' },
      body: {
        tipo: 'reclamo',
        consumidor: {
          nombre: 'Rosa Quispe Huamán',
          documentoTipo: 'DNI',
          documentoNumero: '44556677',
          direccion: 'Jr. Ucayali 456, Cercado de Lima',
          telefono: '987654321',
          correo: 'rosa.tienda@example.pe',
          menorDeEdad: false,
        },
        bien: { tipo: 'producto', descripcion: 'Sérum de vitamina C 30 ml' },
        monto: 89.9,
        detalle: 'El frasco llegó roto y el producto derramado dentro de la caja.',
        pedidoConsumidor: 'Que me envíen un frasco nuevo.',
      },
    });
    expect(libro.status).toBe(201);
    const { hoja } = (await libro.json()) as { hoja: { numero: string; proveedor: { ruc: string; razonSocial: string } } };
    expect(hoja.proveedor).toMatchObject({ ruc: PROPIOS.ruc, razonSocial: PROPIOS.razonSocial });
    await runJobsUntilIdle(shop);
    expect(shop.sent.filter((mail) => mail.to === PROPIOS.correoTienda).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining(hoja.numero)]),
    );

    // The storefront's part, the transfer accounts and the home follow.
    expect(await (await shop.call('GET', '/web/tienda-ajustes')).json()).toEqual({
      envioGratisDesde: 150,
      devolucionDias: 30,
      puntosRecojo: puntos,
    } satisfies AjustesPublicos);
    const transferencia = (await (await shop.call('GET', '/carrito/transferencia')).json()) as { cuentas: unknown[]; demo: boolean };
    expect(transferencia).toMatchObject({ cuentas: PROPIOS.cuentas, demo: false });
    const home = await json<InicioRespuesta>(await dueno('GET', '/inicio'));
    expect(home.pendientes.find((pendiente) => pendiente.clave === 'tienda-demo')).toMatchObject({ cantidad: 0, urgente: false });
  });

  it('the checkout charges the owner’s threshold and the tariffs changed in bulk (set, then +/−), audited per district', async () => {
    // The threshold is S/150 now: a product over it ships free, one under it pays Cayma's tariff.
    const barato = plain.find((producto) => producto.precio >= 40 && producto.precio < 100)!;
    // Enough units to pass S/150 and stay under the code's S/250: free only by the owner's threshold.
    const unidades = Math.floor(150 / barato.precio) + 1;
    expect(unidades * barato.precio).toBeLessThan(TIENDA.envioGratisDesde);
    const { provincia, departamento } = await arequipa();

    const vista = await json<LoteTarifasRespuesta>(
      await dueno('POST', '/envios/tarifas/lote', {
        alcance: { tipo: 'provincia', id: provincia },
        operacion: 'fijar',
        monto: 17.5,
        simulacro: true,
      }),
    );
    expect(vista).toMatchObject({
      simulacro: true,
      mensaje: expect.stringMatching(/^Se cambiarán \d+ distritos de la provincia Arequipa: quedan en S\/ 17\.50\.$/),
    });
    expect(await tarifaCayma()).not.toBe(17.5);

    const hecho = await json<LoteTarifasRespuesta>(
      await dueno('POST', '/envios/tarifas/lote', { alcance: { tipo: 'provincia', id: provincia }, operacion: 'fijar', monto: 17.5 }),
    );
    expect(hecho.cambian).toBe(vista.cambian);
    expect(await tarifaCayma()).toBe(17.5);
    expect((await cotizar(barato, 1)).envio).toBe(17.5);
    expect(await cotizar(barato, unidades)).toMatchObject({ envio: 0, envioGratis: true });
    // The public tariff call the cart uses says the same.
    const [precio] = (await (await shop.call('GET', `/web/ListTarifa/${DESTINO.provincia}/${DESTINO.distrito}`)).json()) as {
      PRECIO: string;
    }[];
    expect(precio!.PRECIO).toBe('17.50');

    // −20 on the whole department: nothing below 0, and the preview says how many stay at 0.
    const baja = await json<LoteTarifasRespuesta>(
      await dueno('POST', '/envios/tarifas/lote', { alcance: { tipo: 'departamento', id: departamento }, operacion: 'sumar', monto: -20 }),
    );
    expect(baja.enCero).toBeGreaterThan(0);
    expect(await tarifaCayma()).toBe(0);
    expect((await cotizar(barato, 1)).envio).toBe(0);
    const sube = await json<LoteTarifasRespuesta>(
      await dueno('POST', '/envios/tarifas/lote', { alcance: { tipo: 'provincia', id: provincia }, operacion: 'sumar', monto: 9.9 }),
    );
    expect(sube.mensaje).toMatch(/suben S\/ 9\.90\.$/);
    expect((await cotizar(barato, 1)).envio).toBe(9.9);

    const entradas = await shop.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'envios.tarifas'))
      .orderBy(asc(auditoria.id));
    expect(entradas.map((entrada) => entrada.objetivo)).toEqual([
      'la provincia Arequipa',
      'el departamento Arequipa',
      'la provincia Arequipa',
    ]);
    const [ubigeoCayma] = await shop.database.db
      .select({ ubigeo: distritos.ubigeo })
      .from(distritos)
      .where(eq(distritos.busqueda, 'CAYMA'));
    expect((entradas[0]!.despues as { tarifas: Record<string, number> }).tarifas[ubigeoCayma!.ubigeo]).toBe(17.5);
    expect((entradas[2]!.antes as { tarifas: Record<string, number> }).tarifas[ubigeoCayma!.ubigeo]).toBe(0);
  });

  it('lists the tariffs by department, province and name (accents ignored), paged; bad input is a 400', async () => {
    const { departamento, provincia } = await arequipa();
    const lista = await json<TarifasRespuesta>(await dueno('GET', `/envios/tarifas?departamento=${departamento}&q=cáyma`));
    expect(lista.filas.map((fila) => [fila.distrito, fila.provincia])).toEqual([
      ['Cayma', 'Arequipa'],
      ['Chilcaymarca', 'Castilla'],
    ]);
    expect(lista.provincias.find((lugar) => lugar.id === provincia)).toMatchObject({ minima: 9.9, maxima: 9.9 });
    const todas = await json<TarifasRespuesta>(await dueno('GET', '/envios/tarifas'));
    expect(todas.total).toBeGreaterThan(1800);
    expect(todas.filas).toHaveLength(todas.porPagina);
    expect(todas.departamentos.reduce((suma, lugar) => suma + lugar.distritos, 0)).toBe(todas.total);
    for (const body of [
      { alcance: { tipo: 'provincia', id: 999_999 }, operacion: 'fijar', monto: 5 },
      { alcance: { tipo: 'provincia', id: provincia }, operacion: 'fijar', monto: -5 },
      { alcance: { tipo: 'distritos', ids: [] }, operacion: 'fijar', monto: 5 },
      { alcance: { tipo: 'provincia', id: provincia }, operacion: 'fijar', monto: 5.555 },
    ]) {
      const res = await dueno('POST', '/envios/tarifas/lote', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await mensaje(res)).toMatch(
        /^(No existe la provincia 999999\.|La tarifa no puede ser negativa\.|Elige al menos un distrito\.|El monto admite hasta 2 decimales\.)$/,
      );
    }
    expect(await tarifaCayma()).toBe(9.9);
  });

  it('a stale owner is asked to sign in again before changing the bank accounts', async () => {
    const rosa = await p.alta('rosa@example.pe', 'dueno', 'Rosa Díaz');
    reloj.avanzar(11 * 60_000);
    const actuales = await ajustesActuales();
    const rancia = await api('PUT', '/tienda/ajustes', { cookie: rosa.cookie, body: { ...actuales, cuentas: [] } });
    expect([rancia.status, await mensaje(rancia)]).toEqual([403, REAUTENTICAR]);
    expect((await ajustesActuales()).cuentas).toEqual(PROPIOS.cuentas);
    await p.reautenticar(rosa.cookie, rosa);
    const hecho = await json<AjustesTiendaRespuesta>(
      await api('PUT', '/tienda/ajustes', { cookie: rosa.cookie, body: { ...actuales, cuentas: [] } }),
    );
    expect(hecho.actualizadoPor).toBe('Rosa Díaz');
    expect(hecho.avisos).toContain('Sin cuentas bancarias la transferencia no se ofrece en el checkout.');
    expect(((await (await shop.call('GET', '/carrito/transferencia')).json()) as { disponible: boolean }).disponible).toBe(false);
  });
});

describeEachDatabase('a production shop never sends the demo company to the receipts provider', (target) => {
  let shop: TestShop;
  const enviados: string[] = [];
  const proveedor: ProveedorComprobantes = {
    nombre: 'nubefact',
    async emitir(comprobante) {
      enviados.push(`${comprobante.serie}-${comprobante.correlativo}`);
      return { estado: 'aceptado', mensaje: 'Aceptada', codigo: '0', observaciones: null, pdf: null, xml: null, cdr: null };
    },
    consultar: async () => null,
  };

  beforeAll(async () => {
    shop = await openShop(target, { proveedorComprobantes: proveedor });
  });
  afterAll(() => shop?.close());

  it('the receipt waits with the reason while the identity is the demo one, then goes out with the company the owner entered', async () => {
    const plain = plainProducts(await shop.catalogue());
    const { idVenta } = await pedidoPagado(shop, [[plain[0]!, 1]]);
    const [numerado] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, idVenta));
    // Numbered for the real provider (as a shop with Nubefact does), with the demo company.
    await shop.database.db
      .update(comprobantes)
      .set({ proveedor: 'nubefact', estado: 'pendiente' })
      .where(eq(comprobantes.id, numerado!.id));

    await expect(emitirComprobante(shop.database.db, proveedor, numerado!.id, { produccion: true })).rejects.toThrow(AVISO_IDENTIDAD_DEMO);
    expect(enviados).toEqual([]);
    const [esperando] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.id, numerado!.id));
    expect(esperando).toMatchObject({ estado: 'pendiente', mensaje: AVISO_IDENTIDAD_DEMO });

    const token = (await shop.services.operatorToken())!;
    const actuales = (
      (await (
        await shop.call('GET', '/admin/api/tienda/ajustes', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as AjustesTiendaRespuesta
    ).ajustes;
    const res = await shop.call('PUT', '/admin/api/tienda/ajustes', {
      headers: { Authorization: `Bearer ${token}` },
      body: { ...actuales, ruc: PROPIOS.ruc, razonSocial: PROPIOS.razonSocial, direccion: PROPIOS.direccion },
    });
    expect(res.status).toBe(200);
    await emitirComprobante(shop.database.db, proveedor, numerado!.id, { produccion: true });
    expect(enviados).toEqual([`${numerado!.serie}-${numerado!.correlativo}`]);
    const [emitido] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.id, numerado!.id));
    expect(emitido).toMatchObject({ estado: 'aceptado', emisor: { ruc: PROPIOS.ruc, razonSocial: PROPIOS.razonSocial } });
  });
});
