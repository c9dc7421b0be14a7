import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import type { PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { clientes, pedidos, trabajos } from '../../src/server/db/schema/index.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { TRABAJO_INVITACION_RESENA } from '../../src/server/resenas/jobs.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { decodeParts, startTestSmtp } from '../fixtures/smtp.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, newKey, openShop, payDePrueba, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const SITE = 'https://tienda.example.pe';
const DIAS = 3;

describeEachDatabase('the reseña invitation e-mail', (target) => {
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let plain: Producto[];
  let siguiente = 0;
  let n = 0;
  const db = () => shop.database.db;

  const cliente = async ({ marketing }: { marketing: boolean }) => {
    const c = await shop.customer(`invitada${++n}`);
    await db().update(clientes).set({ nombre: 'Rosa María', aceptaMarketing: marketing }).where(eq(clientes.id, c.id));
    return { ...c, correo: `invitada${n}@example.pe` };
  };
  type Cliente = Awaited<ReturnType<typeof cliente>>;
  /** A paid pickup order of one unit of each product, delivered; its number. */
  const entregado = async (c: Cliente, productos: Producto[]) => {
    const body = await validBody(
      shop,
      c,
      preferenceBody(
        c.id,
        productos.map((p) => lineOf(p)),
      ),
    );
    const res = await shop.call('POST', `/carrito/create-preference/${c.id}`, {
      token: c.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    const preferencia = (await res.json()) as PreferenciaCreada;
    expect((await payDePrueba(shop, preferencia.id, 'approved')).status).toBe(200);
    for (const estado of ['LISTO PARA RECOGER', 'ENTREGADO']) {
      expect((await shop.call('POST', `/admin/api/pedidos/${preferencia.idVenta}/estado`, { token: TOKEN, body: { estado } })).status).toBe(
        200,
      );
    }
    return preferencia.idVenta;
  };
  const trabajoDe = async (pedidoId: number) =>
    (
      await db()
        .select()
        .from(trabajos)
        .where(eq(trabajos.clave, `${TRABAJO_INVITACION_RESENA}:${pedidoId}`))
    )[0];
  /** The invitation comes due (the days went by), and the background work runs until nothing is due. */
  const pasanLosDias = async (pedidoId: number) => {
    await db()
      .update(trabajos)
      .set({ ejecutarEn: new Date(Date.now() - 1000) })
      .where(eq(trabajos.clave, `${TRABAJO_INVITACION_RESENA}:${pedidoId}`));
    for (let vuelta = 0; vuelta < 20; vuelta++) {
      await runBackgroundOnce(shop.services);
      const [pendientes] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(trabajos)
        .where(sql`terminado IS NULL AND ejecutar_en <= now() AND intentos < max_intentos`);
      if (pendientes!.n === 0) break;
    }
    expect((await trabajoDe(pedidoId))!.terminado).not.toBeNull();
  };
  const invitaciones = (to: string) => smtp.messages.filter((m) => m.to.includes(to) && decodeParts(m.raw).includes('Escribir mi rese'));
  const resenar = (c: Cliente, p: Producto) =>
    shop.call('POST', '/api/resenas', {
      token: c.token,
      body: { idProducto: p.idProducto, estrellas: 4, titulo: 'Muy bueno', texto: 'Lo uso todas las noches.' },
    });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    shop = await openShop(target, {
      mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@example.pe' }),
      config: { adminToken: TOKEN, siteUrl: SITE, resenas: { fotoMaximaBytes: 1024 * 1024, invitacionDias: DIAS } },
    });
    plain = plainProducts(await shop.catalogue());
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it('is sent REVIEW_INVITATION_DAYS after delivery, once, listing only what she has no reseña of yet, with a one-click unsubscribe that needs no sign-in', async () => {
    const [a, b] = [plain[siguiente++]!, plain[siguiente++]!];
    const rosa = await cliente({ marketing: true });
    const antes = Date.now();
    const pedidoId = await entregado(rosa, [a, b]);
    const trabajo = (await trabajoDe(pedidoId))!;
    expect(trabajo.ejecutarEn.getTime()).toBeGreaterThanOrEqual(antes + DIAS * 86_400_000 - 1000);
    expect(trabajo.ejecutarEn.getTime()).toBeLessThanOrEqual(Date.now() + DIAS * 86_400_000 + 1000);
    // Not due yet: nothing goes out.
    await runBackgroundOnce(shop.services);
    expect(invitaciones(rosa.correo)).toEqual([]);

    // She reviews one product from the order page before the e-mail: it lists only the other.
    expect((await resenar(rosa, a)).status).toBe(201);
    await pasanLosDias(pedidoId);
    const recibidas = invitaciones(rosa.correo);
    expect(recibidas).toHaveLength(1);
    const raw = recibidas[0]!.raw;
    const texto = decodeParts(raw);
    expect(texto).toContain('Hola, Rosa:');
    expect(texto).toContain(`${SITE}${productPath(b)}#resenas`);
    expect(texto).not.toContain(`${SITE}${productPath(a)}`);
    const [{ clave }] = (await db().select({ clave: clientes.claveCorreos }).from(clientes).where(eq(clientes.id, rosa.id))) as [
      { clave: string },
    ];
    expect(clave).toMatch(/^[0-9a-f]{32}$/);
    const baja = `${SITE}/api/resenas/baja/${clave}`;
    expect(texto).toContain(baja);
    const cabeceras = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    expect(cabeceras).toContain(`List-Unsubscribe: <${baja}>`);
    expect(cabeceras).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The link works without a session: a small page, and no more marketing e-mails.
    const pagina = await shop.call('GET', `/api/resenas/baja/${clave}`);
    expect(pagina.status).toBe(200);
    expect(pagina.headers.get('Content-Type')).toContain('text/html');
    expect(pagina.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(await pagina.text()).toContain('no te escribiremos más');
    expect((await db().select({ si: clientes.aceptaMarketing }).from(clientes).where(eq(clientes.id, rosa.id)))[0]!.si).toBe(false);
    // A mail client's one-click POST (RFC 8058) answers the same; an unknown key a 404.
    const post = await shop.call('POST', `/api/resenas/baja/${clave}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(200);
    expect((await shop.call('GET', `/api/resenas/baja/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await shop.call('GET', '/api/resenas/baja/no-es-clave')).status).toBe(404);

    // Her next delivery sends nothing: she unsubscribed. The key stays the same.
    const otro = await entregado(rosa, [plain[siguiente++]!]);
    await pasanLosDias(otro);
    expect(invitaciones(rosa.correo)).toHaveLength(1);
    expect((await db().select({ clave: clientes.claveCorreos }).from(clientes).where(eq(clientes.id, rosa.id)))[0]!.clave).toBe(clave);
  });

  it('is not sent to a buyer who did not accept marketing e-mails, when everything has its reseña, or when the order is no longer delivered', async () => {
    const sin = await cliente({ marketing: false });
    const pedidoSin = await entregado(sin, [plain[siguiente++]!]);
    await pasanLosDias(pedidoSin);
    expect(invitaciones(sin.correo)).toEqual([]);
    expect((await db().select({ clave: clientes.claveCorreos }).from(clientes).where(eq(clientes.id, sin.id)))[0]!.clave).toBeNull();

    const todo = await cliente({ marketing: true });
    const p = plain[siguiente++]!;
    const pedidoTodo = await entregado(todo, [p]);
    expect((await resenar(todo, p)).status).toBe(201);
    await pasanLosDias(pedidoTodo);
    expect(invitaciones(todo.correo)).toEqual([]);

    const movido = await cliente({ marketing: true });
    const pedidoMovido = await entregado(movido, [plain[siguiente++]!]);
    await db().update(pedidos).set({ estado: 'CANCELADO' }).where(eq(pedidos.id, pedidoMovido));
    await pasanLosDias(pedidoMovido);
    expect(invitaciones(movido.correo)).toEqual([]);
  });
});
