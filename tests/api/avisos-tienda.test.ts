import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reclamoNuevoSchema, type ReclamoNuevo } from '../../src/lib/api/reclamos-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { serverConfig } from '../../src/server/config.ts';
import { atrasadoDesde, TIPOS_AVISO } from '../../src/server/avisos-tienda/jobs.ts';
import { avisosTienda, pedidos } from '../../src/server/db/schema/index.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { noLaborables } from '../../src/server/reclamos/calendario.ts';
import { registrarReclamo } from '../../src/server/reclamos/queries.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, payDePrueba, placeOrder, plainProducts, PROVINCIA, type TestShop } from './shop.ts';

const TIENDA_CORREO = 'dueña@example.pe';

describe('the notices’ settings', () => {
  it('AVISO_PEDIDOS is cada (the default) or resumen, refused in Spanish otherwise', () => {
    expect(serverConfig({}).avisosTienda).toEqual({ pedidos: 'cada' });
    expect(serverConfig({ AVISO_PEDIDOS: ' Resumen ' }).avisosTienda).toEqual({ pedidos: 'resumen' });
    expect(() => serverConfig({ AVISO_PEDIDOS: 'diario' })).toThrow('AVISO_PEDIDOS debe ser cada (un correo por pedido pagado) o resumen');
  });

  it('a paid order is late one working day after its payment, at the same hour, skipping weekends and holidays', () => {
    const peru = noLaborables();
    // Friday 27 November 2026, 10:00 in Lima → Monday 30 November, 10:00.
    expect(atrasadoDesde(new Date('2026-11-27T15:00:00Z'), peru).toISOString()).toBe('2026-11-30T15:00:00.000Z');
    // Monday 7 December 2026 → 8 December is a holiday (Inmaculada Concepción), 9 December (Ayacucho) too → Thursday 10.
    expect(atrasadoDesde(new Date('2026-12-07T15:00:00Z'), peru).toISOString()).toBe('2026-12-10T15:00:00.000Z');
    // 23:30 on a Tuesday in Lima is Wednesday in UTC: late on Wednesday at 23:30 Lima.
    expect(atrasadoDesde(new Date('2026-11-25T04:30:00Z'), peru).toISOString()).toBe('2026-11-26T04:30:00.000Z');
  });
});

/** A complaint as the book takes it. */
const hoja = (correo: string): ReclamoNuevo => ({
  tipo: 'reclamo',
  consumidor: {
    nombre: 'Rosa Quispe',
    documentoTipo: 'DNI',
    documentoNumero: '44556677',
    direccion: 'Jr. Ucayali 456, Lima',
    telefono: '987654321',
    correo,
    menorDeEdad: false,
  },
  bien: { tipo: 'producto', descripcion: 'Sérum de vitamina C', pedido: 41 },
  monto: 89.9,
  detalle: 'El frasco llegó roto.',
  pedidoConsumidor: 'Que me envíen otro.',
});

describeEachDatabase('the shop’s notices', (target) => {
  let shop: TestShop;
  let resumen: TestShop;
  let plain: Producto[];
  let next = 0;

  beforeAll(async () => {
    shop = await openShop(target, { config: { correoTienda: TIENDA_CORREO } });
    resumen = await openShop(target, { config: { correoTienda: TIENDA_CORREO, avisosTienda: { pedidos: 'resumen' } } });
    plain = plainProducts(await shop.catalogue()).slice(0, 6);
  });
  afterAll(async () => {
    await shop?.close();
    await resumen?.close();
  });

  const toShop = (tienda: TestShop, filtro: (mail: MailMessage) => boolean = () => true) =>
    tienda.sent.filter((mail) => mail.to === TIENDA_CORREO && filtro(mail));
  /** A paid order of a new customer (delivery to a province unless `recojo`). */
  async function paidOrder(tienda: TestShop, { recojo = false } = {}) {
    const customer = await tienda.customer(`aviso${++next}`);
    const creada = await placeOrder(tienda, customer, plain[next % plain.length]!, recojo ? {} : { metodo: PROVINCIA });
    expect((await payDePrueba(tienda, creada.id, 'approved')).status).toBe(200);
    return { customer, idVenta: creada.idVenta };
  }
  const runTwice = async (tienda: TestShop, now?: Date) => {
    // Two server processes at once, then again: nothing is sent twice.
    await Promise.all([runBackgroundOnce(tienda.services, now), runBackgroundOnce(tienda.services, now)]);
    await runBackgroundOnce(tienda.services, now);
  };

  it('e-mails each new paid order once, with its number, customer, total, method and delivery', async () => {
    const a = await paidOrder(shop);
    const b = await paidOrder(shop, { recojo: true });
    await runTwice(shop);
    await runTwice(shop);
    for (const { idVenta, customer } of [a, b]) {
      const mails = toShop(shop, (mail) => mail.subject.includes(`nuevo pedido pagado N.° ${idVenta} `));
      expect(mails).toHaveLength(1);
      const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, idVenta));
      expect(mails[0]!.text).toContain(`Cliente: Cliente ${customer.usuario} · ${customer.usuario}@example.pe`);
      expect(mails[0]!.text).toContain(`Total: S/ ${(pedido!.total / 100).toFixed(2)}`);
      expect(mails[0]!.text).toContain('Pago: Mercado Pago');
      expect(mails[0]!.text).toContain(`Entrega: ${pedido!.metodoEnvio}`);
    }
    const filas = await shop.database.db.select().from(avisosTienda).where(eq(avisosTienda.tipo, TIPOS_AVISO.pedido));
    expect(filas.filter((fila) => [a.idVenta, b.idVenta].includes(fila.objetivoId)).every((fila) => fila.enviado !== null)).toBe(true);
  });

  it('in digest mode groups the hour’s paid orders in one e-mail, sent once when the hour is over', async () => {
    const hora = 3_600_000;
    const a = await paidOrder(resumen);
    const b = await paidOrder(resumen);
    await runTwice(resumen);
    expect(toShop(resumen, (mail) => mail.subject.includes('pedido'))).toEqual([]);
    // The hour is over: its digest goes.
    await runTwice(resumen, new Date(Date.now() + hora));
    const digests = toShop(resumen, (mail) => mail.subject.includes('pedidos pagados'));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toMatch(/: 2 pedidos pagados \(S\/ [\d.]+\)$/);
    expect(digests[0]!.text).toContain(`Pedido N.° ${a.idVenta} · Cliente aviso`);
    expect(digests[0]!.text).toContain(`Pedido N.° ${b.idVenta} · Cliente aviso`);
    expect(toShop(resumen, (mail) => mail.subject.includes('nuevo pedido pagado'))).toEqual([]);

    // A later order goes to the next digest, not again into the sent one.
    const c = await paidOrder(resumen);
    await runTwice(resumen, new Date(Date.now() + hora));
    expect(toShop(resumen, (mail) => mail.subject.includes('pedido'))).toHaveLength(1);
    await runTwice(resumen, new Date(Date.now() + 2 * hora));
    const todos = toShop(resumen, (mail) => mail.subject.includes('pedido'));
    expect(todos).toHaveLength(2);
    expect(todos[1]!.subject).toMatch(/: 1 pedido pagado \(/);
    expect(todos[1]!.text).toContain(`Pedido N.° ${c.idVenta} ·`);
    expect(todos[1]!.text).not.toContain(`Pedido N.° ${a.idVenta} ·`);
  });

  it('e-mails a complaint once when 3 working days or fewer are left to answer it (or it is overdue)', async () => {
    const vieja = await registrarReclamo(shop.database.db, reclamoNuevoSchema.parse(hoja('vieja@example.pe')), {
      ahora: new Date('2026-01-05T15:00:00Z'),
    });
    const nueva = await registrarReclamo(shop.database.db, reclamoNuevoSchema.parse(hoja('nueva@example.pe')));
    await runTwice(shop);
    const sobre = (numero: string) => toShop(shop, (mail) => mail.subject.includes(`el reclamo ${numero}`));
    expect(sobre(vieja.numero)).toHaveLength(1);
    expect(sobre(vieja.numero)[0]!.subject).toContain('ya venció');
    expect(sobre(nueva.numero)).toEqual([]);

    // Three working days before its deadline (13 December-ish, whatever today is): noticed, once.
    const tresAntes = new Date(Date.parse(`${nueva.plazo}T15:00:00Z`) - 5 * 86_400_000);
    await runTwice(shop, tresAntes);
    await runTwice(shop, new Date(Date.parse(`${nueva.plazo}T15:00:00Z`)));
    expect(sobre(nueva.numero)).toHaveLength(1);
    expect(sobre(vieja.numero)).toHaveLength(1);
  });

  it('e-mails a paid order still not shipped one working day after its payment, once', async () => {
    const { idVenta } = await paidOrder(shop);
    // Paid on Friday 27 November 2026 at 10:00 in Lima.
    await shop.database.db
      .update(pedidos)
      .set({ pagado: new Date('2026-11-27T15:00:00Z') })
      .where(eq(pedidos.id, idVenta));
    const sobre = () => toShop(shop, (mail) => mail.subject.includes(`pedido N.° ${idVenta} pagado sin despachar`));
    // Monday 09:59 in Lima: not yet.
    await runTwice(shop, new Date('2026-11-30T14:59:00Z'));
    expect(sobre()).toEqual([]);
    await runTwice(shop, new Date('2026-11-30T15:01:00Z'));
    await runTwice(shop, new Date('2026-12-02T15:01:00Z'));
    expect(sobre()).toHaveLength(1);
    expect(sobre()[0]!.text).toContain('sigue EN PREPARACION: despáchalo');

    // An order shipped in time is never noticed.
    const { idVenta: enviado } = await paidOrder(shop);
    await shop.database.db
      .update(pedidos)
      .set({ pagado: new Date('2026-11-27T15:00:00Z'), estado: 'EN TRANSITO' })
      .where(eq(pedidos.id, enviado));
    await runTwice(shop, new Date('2026-12-02T15:01:00Z'));
    expect(toShop(shop, (mail) => mail.subject.includes(`pedido N.° ${enviado} pagado sin despachar`))).toEqual([]);
  });
});
