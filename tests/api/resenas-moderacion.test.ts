import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type {
  ModeracionRespuesta,
  ResenaCreada,
  ResenaOperador,
  ResenasOperador,
  ResenasProducto,
} from '../../src/lib/api/resenas-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import { miniaturaResena } from '../../src/lib/resenas/fotos.ts';
import { RESENAS } from '../../src/lib/tienda.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { auditoria, clientes, pedidos, resenaFotos, resenas, trabajos } from '../../src/server/db/schema/index.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { TRABAJO_RESULTADO_RESENA } from '../../src/server/resenas/jobs.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { decodeParts, startTestSmtp } from '../fixtures/smtp.ts';
import { describeEachDatabase } from './databases.ts';
import { png } from './images.ts';
import { lineOf, newKey, openShop, payDePrueba, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const SITE = 'https://tienda.example.pe';

describeEachDatabase("the operator's moderation of reseñas", (target) => {
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let plain: Producto[];
  let siguiente = 0;
  let n = 0;
  const db = () => shop.database.db;
  const admin = (method: string, path: string, body?: unknown) => shop.call(method, `/admin/api${path}`, { token: TOKEN, body });
  const mover = (id: number, accion: string, motivo?: string) => admin('POST', `/resenas/${id}`, { accion, motivo });
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const publicas = async (id: number) => (await (await shop.call('GET', `/api/resenas/producto/${id}`)).json()) as ResenasProducto;
  const una = async (id: number) => ((await (await admin('GET', `/resenas/${id}`)).json()) as { resena: ResenaOperador }).resena;
  const lista = async (estado: string) => ((await (await admin('GET', `/resenas?estado=${estado}`)).json()) as ResenasOperador).resenas;
  /** The e-mails about her review's moderation sent to `to` (not her order's). */
  const correosA = (to: string) =>
    smtp.messages
      .filter((m) => m.to.includes(to))
      .map((m) => ({ ...m, texto: decodeParts(m.raw) }))
      .filter((m) => m.texto.includes('Te escribimos porque enviaste una'));
  /** Runs the background work until nothing is due. */
  const trabajar = async () => {
    for (let vuelta = 0; vuelta < 20; vuelta++) {
      await runBackgroundOnce(shop.services);
      const [pendientes] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(trabajos)
        .where(sql`terminado IS NULL AND ejecutar_en <= now() AND intentos < max_intentos`);
      if (pendientes!.n === 0) return;
    }
  };

  /** A buyer (with or without marketing e-mails) of a delivered order of a fresh product, and her pending review of it. */
  const resenaPendiente = async ({ marketing = true, foto = false, estrellas = 5 } = {}) => {
    const p = plain[siguiente++]!;
    const c = await shop.customer(`moderada${++n}`);
    await db().update(clientes).set({ nombre: 'Rosa María', apellido: 'Quispe', aceptaMarketing: marketing }).where(eq(clientes.id, c.id));
    const body = await validBody(shop, c, preferenceBody(c.id, [lineOf(p)]));
    const res = await shop.call('POST', `/carrito/create-preference/${c.id}`, {
      token: c.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    const { id: preferencia, idVenta } = (await res.json()) as PreferenciaCreada;
    expect((await payDePrueba(shop, preferencia, 'approved')).status).toBe(200);
    for (const estado of ['LISTO PARA RECOGER', 'ENTREGADO'])
      expect((await admin('POST', `/pedidos/${idVenta}/estado`, { estado })).status).toBe(200);
    const escrita = await shop.call('POST', '/api/resenas', {
      token: c.token,
      body: {
        idProducto: p.idProducto,
        estrellas,
        titulo: 'Mi piel lo ama',
        texto: 'Lo uso cada noche y amanezco con la piel suave.',
        ...(foto ? { foto: png(300, 200, [200, 90, 120]).toString('base64') } : {}),
      },
    });
    expect(escrita.status, await escrita.clone().text()).toBe(201);
    return { p, cliente: c, correo: `moderada${n}@example.pe`, pedido: idVenta, id: ((await escrita.json()) as ResenaCreada).resena.id };
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    shop = await openShop(target, {
      mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@example.pe' }),
      config: { adminToken: TOKEN, siteUrl: SITE, resenas: { fotoMaximaBytes: 1024 * 1024, invitacionDias: RESENAS.invitacionDias } },
    });
    plain = plainProducts(await shop.catalogue());
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("shows the queue with the buyer's order; publishing e-mails her once (a double click, a second process), whatever her marketing choice", async () => {
    const r = await resenaPendiente({ marketing: false, foto: true });
    const [pedido] = await db().select({ creado: pedidos.creado }).from(pedidos).where(eq(pedidos.id, r.pedido));
    const enCola = (await lista('PENDIENTE')).find((x) => x.id === r.id)!;
    expect(enCola).toMatchObject({
      estado: 'PENDIENTE',
      pedido: r.pedido,
      pedidoFecha: pedido!.creado.toISOString(),
      producto: { idProducto: r.p.idProducto, nombre: r.p.nombre },
      estrellas: 5,
      texto: 'Lo uso cada noche y amanezco con la piel suave.',
      fotoOperador: `/admin/api/resenas/${r.id}/foto`,
      motivo: null,
    });

    // Two clicks at once: one publishes, the other is told it already is; one job, one e-mail.
    const version = await catalogueVersion(db());
    const [a, b] = await Promise.all([mover(r.id, 'aprobar'), mover(r.id, 'aprobar')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const hecho = (await (a.status === 200 ? a : b).json()) as ModeracionRespuesta;
    expect(hecho.mensaje).toContain('Le avisamos por correo');
    expect(await catalogueVersion(db())).toBeGreaterThan(version);
    await Promise.all([trabajar(), trabajar()]);
    await trabajar();
    const correos = correosA(r.correo);
    expect(correos).toHaveLength(1);
    expect(correos[0]!.texto).toContain('Hola, Rosa:');
    expect(correos[0]!.texto).toContain('ya está publicada');
    expect(correos[0]!.texto).toContain(`${SITE}${productPath(r.p)}#resenas`);
    expect(correos[0]!.raw).not.toContain('List-Unsubscribe');
    const claves = await db().select({ clave: trabajos.clave }).from(trabajos).where(eq(trabajos.tipo, TRABAJO_RESULTADO_RESENA));
    expect(claves.filter((t) => t.clave === `${TRABAJO_RESULTADO_RESENA}:${r.id}:publicada`)).toHaveLength(1);

    // Hidden and shown again: no further e-mail (she was told once it was published).
    expect((await mover(r.id, 'ocultar', 'Contiene datos personales')).status).toBe(200);
    expect((await mover(r.id, 'mostrar')).status).toBe(200);
    await trabajar();
    expect(correosA(r.correo)).toHaveLength(1);
  });

  it('rejects only with a reason (preset or typed), audited, and e-mails the reason once', async () => {
    const r = await resenaPendiente({ foto: true });
    for (const [motivo, esperado] of [
      [undefined, 'Indica el motivo para rechazar la reseña.'],
      ['   ', 'Indica el motivo para rechazar la reseña.'],
      ['no', `El motivo debe tener al menos ${RESENAS.motivoMinimo} caracteres.`],
      ['x'.repeat(RESENAS.motivoMaximo + 1), `El motivo puede tener hasta ${RESENAS.motivoMaximo} caracteres.`],
      ['<b>malo</b>', 'Escribe solo texto, sin etiquetas HTML.'],
    ] as const) {
      const res = await mover(r.id, 'rechazar', motivo);
      expect([res.status, await mensaje(res)]).toEqual([400, esperado]);
    }
    expect((await una(r.id)).estado).toBe('PENDIENTE');

    const motivo = `${RESENAS.motivosModeracion[0]}: cuenta cómo llegó el envío, no cómo le fue con el producto.`;
    const res = await mover(r.id, 'rechazar', motivo);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ModeracionRespuesta).resena).toMatchObject({
      estado: 'RECHAZADA',
      motivo,
      foto: null,
      fotoOperador: null,
    });
    expect(await db().select().from(resenaFotos).where(eq(resenaFotos.resenaId, r.id))).toEqual([]);
    expect((await mover(r.id, 'rechazar', 'Otra vez lo mismo')).status).toBe(409);
    const [entrada] = await db()
      .select()
      .from(auditoria)
      .where(eq(auditoria.objetivo, `reseña ${r.id}`));
    expect([entrada!.accion, entrada!.antes, entrada!.despues]).toEqual([
      'resena.rechazar',
      { estado: 'PENDIENTE' },
      { estado: 'RECHAZADA', motivo },
    ]);
    expect((await lista('RECHAZADA')).map((x) => x.id)).toContain(r.id);

    await trabajar();
    await trabajar();
    const correos = correosA(r.correo);
    expect(correos).toHaveLength(1);
    expect(correos[0]!.texto).toContain('no pudimos publicarla');
    expect(correos[0]!.texto).toContain(`Motivo: ${motivo}`);
    expect(correos[0]!.texto).not.toContain('ya está publicada');

    // Published after all: she is told that too, once; rejected again: no second rejection e-mail.
    expect((await mover(r.id, 'aprobar')).status).toBe(200);
    expect((await una(r.id)).motivo).toBeNull();
    await trabajar();
    expect((await mover(r.id, 'rechazar', 'Lenguaje ofensivo o inapropiado')).status).toBe(200);
    await trabajar();
    expect(correosA(r.correo).map((m) => (m.texto.includes('ya está publicada') ? 'publicada' : 'rechazada'))).toEqual([
      'rechazada',
      'publicada',
    ]);
  });

  it('hides a published reseña with a reason and shows it again: the product page, its photo and the version follow; the tabs list each', async () => {
    const cinco = await resenaPendiente({ foto: true, estrellas: 5 });
    expect((await mover(cinco.id, 'aprobar')).status).toBe(200);
    expect(await publicas(cinco.p.idProducto)).toMatchObject({ cantidad: 1, promedio: 5 });
    const foto = (await una(cinco.id)).foto!;
    expect((await shop.call('GET', miniaturaResena(foto).src)).status).toBe(200);

    // Moves that do not apply to its state are refused saying why; hiding needs a reason.
    const pendiente = await resenaPendiente();
    const ocultarPendiente = await mover(pendiente.id, 'ocultar', 'Contiene datos personales');
    expect([ocultarPendiente.status, await mensaje(ocultarPendiente)]).toEqual([
      409,
      `La reseña N.° ${pendiente.id} está por moderar: no se puede ocultar.`,
    ]);
    expect((await mover(cinco.id, 'mostrar')).status).toBe(409);
    const sinMotivo = await mover(cinco.id, 'ocultar');
    expect([sinMotivo.status, await mensaje(sinMotivo)]).toEqual([400, 'Indica el motivo para ocultar la reseña.']);

    let version = await catalogueVersion(db());
    const oculta = await mover(cinco.id, 'ocultar', 'Contiene datos personales');
    expect(oculta.status).toBe(200);
    expect(((await oculta.json()) as ModeracionRespuesta).resena).toMatchObject({ estado: 'OCULTA', motivo: 'Contiene datos personales' });
    expect(await catalogueVersion(db())).toBeGreaterThan(version);
    expect(await publicas(cinco.p.idProducto)).toMatchObject({ cantidad: 0, promedio: 0, resenas: [] });
    expect((await shop.call('GET', miniaturaResena(foto).src)).status).toBe(404);
    expect(await db().select({ id: resenaFotos.resenaId }).from(resenaFotos).where(eq(resenaFotos.resenaId, cinco.id))).toHaveLength(1);
    expect((await lista('OCULTA')).map((x) => x.id)).toContain(cinco.id);
    // Hidden before her e-mail went out: she is still told it was published (hiding is silent), once.
    await trabajar();
    expect(correosA(cinco.correo).filter((m) => m.texto.includes('ya está publicada'))).toHaveLength(1);
    expect((await lista('APROBADA')).map((x) => x.id)).not.toContain(cinco.id);
    const aprobarOculta = await mover(cinco.id, 'aprobar');
    expect([aprobarOculta.status, await mensaje(aprobarOculta)]).toEqual([
      409,
      `La reseña N.° ${cinco.id} está oculta: no se puede publicar. Usa «Mostrar» para que vuelva a verse.`,
    ]);

    version = await catalogueVersion(db());
    expect((await mover(cinco.id, 'mostrar')).status).toBe(200);
    expect(await catalogueVersion(db())).toBeGreaterThan(version);
    expect(await publicas(cinco.p.idProducto)).toMatchObject({ cantidad: 1, promedio: 5, resenas: [{ id: cinco.id, foto }] });
    expect((await shop.call('GET', miniaturaResena(foto).src)).status).toBe(200);
    expect((await lista('APROBADA')).map((x) => x.id)).toContain(cinco.id);

    const entradas = await db()
      .select()
      .from(auditoria)
      .where(eq(auditoria.objetivo, `reseña ${cinco.id}`))
      .orderBy(auditoria.id);
    expect(entradas.map((e) => [e.accion, e.despues])).toEqual([
      ['resena.aprobar', { estado: 'APROBADA' }],
      ['resena.ocultar', { estado: 'OCULTA', motivo: 'Contiene datos personales' }],
      ['resena.mostrar', { estado: 'APROBADA' }],
    ]);
  });

  it("moves the page version when a published reseña goes without its product's counters (her account deleted), not for a pending one", async () => {
    const r = await resenaPendiente();
    let version = await catalogueVersion(db());
    await db().delete(resenas).where(eq(resenas.id, r.id));
    expect(await catalogueVersion(db())).toBe(version);

    const publicada = await resenaPendiente();
    expect((await mover(publicada.id, 'aprobar')).status).toBe(200);
    version = await catalogueVersion(db());
    await db().delete(resenas).where(eq(resenas.id, publicada.id));
    expect(await catalogueVersion(db())).toBeGreaterThan(version);
  });
});
