import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CotizacionServidor } from '../../src/lib/api/checkout-schemas.ts';
import type { FiltradoPiel, ListaRutina, ProductoRutina, RutinaRecomendada } from '../../src/lib/api/routine-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lessPercent, toCentimos, toSoles } from '../../src/lib/pricing/money.ts';
import { precioFinal } from '../../src/lib/pricing/product.ts';
import { NIVELES, NIVELES_RUTINA, pasoDeCategoria, pasosDeNivel, PASOS_RUTINA } from '../../src/lib/routine/pasos.ts';
import { foldText } from '../../src/lib/text.ts';
import { categorias, pedidos, productos } from '../../src/server/db/schema/index.ts';
import { GRUPOS_EDAD, INQUIETUDES_PIEL, TIPOS_PIEL } from '../../src/demo/taxonomy.ts';
import { describeEachDatabase } from './databases.ts';
import { claimQuote, lineOf, newKey, openShop, preferenceBody, type TestShop } from './shop.ts';

const tags = (value: string) => value.split(',').map(foldText).filter(Boolean);
const hasTag = (value: string, tag: string) => tags(value).includes(foldText(tag));
const sorted = (values: readonly string[]) => [...values].sort((a, b) => a.localeCompare(b, 'es', { numeric: true }));

const ROUTINE_FIELDS = [
  'idProducto',
  'nombreProducto',
  'marca',
  'precio',
  'descuento',
  'descuentoN',
  'stock',
  'colores',
  'tamaños',
  'img',
  'imagen',
  'tipo_piel',
  'edad',
  'inquietud_piel',
  'fechaAgregado',
];

describeEachDatabase('routine builder API', (target) => {
  let shop: TestShop;
  let catalogue: Producto[];

  const get = async <T>(path: string) => {
    const res = await shop.call('GET', path);
    return { status: res.status, json: (await res.json()) as T };
  };
  const post = async <T>(path: string, body: unknown) => {
    const res = await shop.call('POST', path, { body });
    return { status: res.status, json: (await res.json()) as T & { mensaje?: string } };
  };
  const filtrar = (body: object) => post<FiltradoPiel>('/api/filtrar-productos-piel', body);
  const rutina = (body: object) => post<RutinaRecomendada>('/api/rutina-recomendada', body);
  /** What the filter must answer, computed here from the catalogue, independently of the SQL. */
  const expected = (f: { tipoPiel?: string; grupoEdad?: string; inquietudPiel?: string }) =>
    catalogue.filter(
      (p) =>
        p.stock > 0 &&
        (!f.tipoPiel || hasTag(p.tipo_piel, f.tipoPiel)) &&
        (!f.grupoEdad || hasTag(p.edad, f.grupoEdad)) &&
        (!f.inquietudPiel || hasTag(p.inquietud_piel, f.inquietudPiel)),
    );

  beforeAll(async () => {
    shop = await openShop(target);
    catalogue = await shop.catalogue();
  });
  afterAll(() => shop?.close());

  describe('filter lists', () => {
    it('answers the skin types, age groups and concerns the products carry, in the success/data/message envelope', async () => {
      for (const [path, values] of [
        ['/api/tipos-piel', TIPOS_PIEL],
        ['/api/grupos-edad', GRUPOS_EDAD],
        ['/api/inquietudes-piel', INQUIETUDES_PIEL],
      ] as const) {
        const { status, json } = await get<ListaRutina>(path);
        expect(status).toBe(200);
        expect(json).toEqual({ success: true, data: sorted(values), message: expect.any(String) });
      }
    });

    it('reads them from the database', async () => {
      const [producto] = catalogue;
      await shop.database.db
        .update(productos)
        .set({ tipoPiel: `${producto!.tipo_piel},Madura` })
        .where(eq(productos.id, producto!.idProducto));
      try {
        expect((await get<ListaRutina>('/api/tipos-piel')).json.data).toContain('Madura');
      } finally {
        await shop.database.db.update(productos).set({ tipoPiel: producto!.tipo_piel }).where(eq(productos.id, producto!.idProducto));
      }
    });

    it('keeps /api/categorias in the same envelope, with every step categoría', async () => {
      const { json } = await get<{ success: boolean; data: { nombreCategoria: string }[]; message: string }>('/api/categorias');
      expect(json).toMatchObject({ success: true, message: expect.any(String) });
      const names = json.data.map((item) => item.nombreCategoria);
      for (const paso of PASOS_RUTINA) for (const categoria of paso.categorias) expect(names).toContain(categoria);
    });
  });

  describe('POST /api/filtrar-productos-piel', () => {
    const filtros = { tipoPiel: 'Grasa', grupoEdad: '18-24', inquietudPiel: 'Acné' };

    it('answers the total of in-stock matches and the first 20 by default', async () => {
      const { status, json } = await filtrar(filtros);
      const matches = expected(filtros);
      expect(status).toBe(200);
      expect(matches.length).toBeGreaterThan(20);
      expect(json).toMatchObject({ success: true, total: matches.length });
      expect(json.data.map((p) => p.idProducto)).toEqual(matches.slice(0, 20).map((p) => p.idProducto));
    });

    it('honours limit (1000 for counts) and treats empty filters as any', async () => {
      expect((await filtrar({ ...filtros, limit: 5 })).json.data).toHaveLength(5);
      const all = await filtrar({ ...filtros, limit: 1000 });
      expect(all.json.data.map((p) => p.idProducto)).toEqual(expected(filtros).map((p) => p.idProducto));
      const any = await filtrar({ tipoPiel: '', grupoEdad: null, limit: 1000 });
      expect(any.json.total).toBe(catalogue.filter((p) => p.stock > 0).length);
    });

    it('matches accent- and case-insensitively', async () => {
      const { json } = await filtrar({ tipoPiel: 'grasa', grupoEdad: '18-24', inquietudPiel: 'ACNE', limit: 1000 });
      expect(json.total).toBe(expected(filtros).length);
    });

    it('offers only products in stock', async () => {
      const [first] = expected(filtros);
      await shop.setStock(first!.idProducto, 0);
      try {
        const { json } = await filtrar({ ...filtros, limit: 1000 });
        expect(json.total).toBe(expected(filtros).length - 1);
        expect(json.data.map((p) => p.idProducto)).not.toContain(first!.idProducto);
      } finally {
        await shop.setStock(first!.idProducto, first!.stock);
      }
    });

    it('leaves out products whose ingredients mention an allergy, as a text or a list, ignoring accents', async () => {
      const mentions = (p: Producto, word: string) => foldText(p.ingredientes).includes(foldText(word));
      const known = (p: Producto) => foldText(p.ingredientes) !== 'no especificado.';
      const withCentella = expected({}).filter((p) => mentions(p, 'centella'));
      expect(withCentella.length).toBeGreaterThan(0);
      for (const alergias of ['CÉNTELLA', ['centella'], 'centella, niacinamida']) {
        const { status, json } = await filtrar({ alergias, limit: 1000 });
        const words = typeof alergias === 'string' ? alergias.split(',') : alergias;
        expect(status).toBe(200);
        expect(json.data.map((p) => p.idProducto)).toEqual(
          expected({})
            .filter((p) => known(p) && !words.some((w) => mentions(p, w)))
            .map((p) => p.idProducto),
        );
      }
      const hialuronico = await filtrar({ alergias: 'ACIDO HIALURONICO', limit: 1000 });
      expect(hialuronico.json.data.some((p) => mentions(p, 'ácido hialurónico'))).toBe(false);
      expect(expected({}).some((p) => mentions(p, 'ácido hialurónico'))).toBe(true);
    });

    it('answers bad input with 400 and a Spanish mensaje', async () => {
      const bad: unknown[] = [
        { limit: 0 },
        { limit: 1001 },
        { limit: 'veinte' },
        { limit: 2.5 },
        { tipoPiel: 3 },
        { tipoPiel: 'Escamosa' },
        { grupoEdad: '90+' },
        { inquietudPiel: 'x'.repeat(61) },
        { alergias: [1] },
        { alergias: 'ab' },
        { alergias: 42 },
        [],
        'no es json',
        null,
      ];
      for (const body of bad) {
        const { status, json } = await filtrar(body as object);
        expect(status, JSON.stringify(body)).toBe(400);
        expect(json.mensaje, JSON.stringify(body)).toMatch(/^(?!Invalid|Too|Expected)[A-ZÁÉÍÓÚ¡]/);
      }
    });
  });

  describe('POST /api/rutina-recomendada', () => {
    const filtros = { tipoPiel: 'Seca', grupoEdad: '35-44', inquietudPiel: 'Arrugas' };

    it('answers each step of the level, in order, with in-stock products of its categorías that match', async () => {
      for (const nivel of NIVELES) {
        const { pasos, descuento } = NIVELES_RUTINA[nivel];
        const { status, json } = await rutina({ ...filtros, pasosRutina: pasos });
        const nombres = pasosDeNivel(nivel).map((paso) => paso.nombre);
        expect(status).toBe(200);
        expect(json).toMatchObject({
          success: true,
          pasosRutina: pasos,
          totalCategorias: pasos,
          categoriasIncluidas: nombres,
          categoriasDeshabilitadas: [],
          nivelRutina: nivel,
          descuentoRutina: descuento,
        });
        expect(Object.keys(json.data)).toEqual(nombres);
        for (const [index, paso] of pasosDeNivel(nivel).entries()) {
          const offered = json.data[paso.nombre]!;
          const ids = expected(filtros)
            .filter((p) => pasoDeCategoria(p.categoria)?.clave === paso.clave)
            .map((p) => p.idProducto);
          expect(
            offered.map((p) => p.idProducto),
            paso.nombre,
          ).toEqual(ids.slice(0, 20));
          for (const producto of offered) expect(Object.keys(producto)).toEqual(expect.arrayContaining(ROUTINE_FIELDS));
          expect(nombres[index]).toBe(paso.nombre);
        }
      }
    });

    it('offers no duplicates within a step', async () => {
      const original = expected(filtros).find((p) => pasoDeCategoria(p.categoria)?.clave === 'limpieza')!;
      const [row] = await shop.database.db.select().from(productos).where(eq(productos.id, original.idProducto));
      const { id: _id, ...copy } = row!;
      const [inserted] = await shop.database.db
        .insert(productos)
        .values({ ...copy, nombre: ` ${original.nombre.toUpperCase()} ` })
        .returning({ id: productos.id });
      try {
        const offered = (await rutina({ ...filtros, pasosRutina: 3 })).json.data.Limpieza!;
        expect(offered.map((p) => p.idProducto)).toContain(original.idProducto);
        expect(offered.map((p) => p.idProducto)).not.toContain(inserted!.id);
        expect((await filtrar({ ...filtros, limit: 1000 })).json.total).toBe(expected(filtros).length + 1);
      } finally {
        await shop.database.db.delete(productos).where(eq(productos.id, inserted!.id));
      }
    });

    it('disables a step with nothing in stock: an empty list, named in categoriasDeshabilitadas', async () => {
      const esencias = catalogue.filter((p) => p.categoria === 'Esencia');
      const [esencia] = await shop.database.db.select({ id: categorias.id }).from(categorias).where(eq(categorias.nombre, 'Esencia'));
      await shop.database.db.update(productos).set({ stock: 0, stockTotal: 0 }).where(eq(productos.categoriaId, esencia!.id));
      try {
        const { status, json } = await rutina({ ...filtros, pasosRutina: 7 });
        expect(status).toBe(200);
        expect(json.data.Esencia).toEqual([]);
        expect(json.categoriasDeshabilitadas).toEqual(['Esencia']);
        expect(json.categoriasIncluidas).toContain('Esencia');
        expect(Object.values(json.data).filter((list) => list.length > 0)).toHaveLength(6);
      } finally {
        for (const p of esencias) await shop.setStock(p.idProducto, p.stock);
      }
    });

    it('leaves out products with the allergy in their ingredients', async () => {
      const { json } = await rutina({ ...filtros, alergias: ['ginseng', 'Péptidos'], pasosRutina: 7 });
      const all = Object.values(json.data).flat() as ProductoRutina[];
      const ingredientes = new Map(catalogue.map((p) => [p.idProducto, foldText(p.ingredientes)]));
      expect(all.length).toBeGreaterThan(0);
      expect(all.filter((p) => /ginseng|peptidos/.test(ingredientes.get(p.idProducto)!))).toEqual([]);
      const sin = Object.values((await rutina({ ...filtros, pasosRutina: 7 })).json.data).flat() as ProductoRutina[];
      expect(sin.some((p) => /ginseng/.test(ingredientes.get(p.idProducto)!))).toBe(true);
    });

    it('answers bad input with 400 and a Spanish mensaje', async () => {
      for (const body of [
        { pasosRutina: 4 },
        { ...filtros },
        { pasosRutina: 'cinco' },
        { pasosRutina: 5, tipoPiel: 'Escamosa' },
        { pasosRutina: 5, alergias: {} },
      ]) {
        const { status, json } = await rutina(body);
        expect(status, JSON.stringify(body)).toBe(400);
        expect(json.mensaje, JSON.stringify(body)).toMatch(/^(?!Invalid|Too|Expected)[A-ZÁÉÍÓÚ¡]/);
      }
      expect((await rutina({ pasosRutina: '5' })).status).toBe(200);
    });

    it('yields a full routine from stock for every combination of the demo catalogue', async () => {
      const combos = TIPOS_PIEL.flatMap((tipoPiel) =>
        GRUPOS_EDAD.flatMap((grupoEdad) => INQUIETUDES_PIEL.map((inquietudPiel) => ({ tipoPiel, grupoEdad, inquietudPiel }))),
      );
      const missing: string[] = [];
      for (const combo of combos) {
        const { json } = await rutina({ ...combo, pasosRutina: 7 });
        if (json.categoriasDeshabilitadas.length > 0)
          missing.push(`${Object.values(combo).join('/')}: ${json.categoriasDeshabilitadas.join(', ')}`);
      }
      expect(missing).toEqual([]);
    }, 60_000);
  });

  describe('checkout of a routine', () => {
    let ana: { id: number; token: string };
    const filtros = { tipoPiel: 'Mixta', grupoEdad: '25-34', inquietudPiel: 'Poros dilatados' };
    const byId = (id: number) => catalogue.find((p) => p.idProducto === id)!;
    const plain = (p: ProductoRutina) =>
      p.descuento === 0 && p.descuentoN === 0 && p.newores !== 'Sale' && p.newores !== 'Preventa' && p.stock >= 5;
    /** The first plain product of each step of the level, as the builder would put them in the cart. */
    const routineLines = async (pasos: 3 | 5 | 7, rutinaId: string) => {
      const { json } = await rutina({ ...filtros, pasosRutina: pasos });
      return json.categoriasIncluidas.map((paso) => ({
        ...lineOf(byId(json.data[paso]!.find(plain)!.idProducto)),
        esProductoRutina: true,
        rutinaNivel: json.nivelRutina,
        rutinaId,
      }));
    };
    const quote = async (cart: ReturnType<typeof lineOf>[], codigo: string | null = null) => {
      const res = await shop.call('POST', `/carrito/cotizar/${ana.id}`, {
        token: ana.token,
        body: preferenceBody(ana.id, cart, { codigo }),
      });
      return { status: res.status, json: (await res.json()) as CotizacionServidor & { mensaje?: string } };
    };
    const less = (precio: number, percent: number) => toSoles(lessPercent(toCentimos(precio), percent));
    const charged = async (cart: ReturnType<typeof lineOf>[], codigo: string | null = null) =>
      (await quote(cart, codigo)).json.productos.map((line) => line.precio);

    beforeAll(async () => {
      ana = await shop.customer('rutina');
    });

    it('charges the level discount for a complete routine, and creates the order at that price', async () => {
      const cart = await routineLines(5, 'r-completa');
      const { status, json } = await quote(cart);
      expect(status).toBe(200);
      expect(json.productos.map((line) => line.precio)).toEqual(cart.map((line) => less(line.precio, 5)));
      expect(json.descuento).toBeGreaterThan(0);
      const body = claimQuote(preferenceBody(ana.id, cart), json);
      const res = await shop.call('POST', `/carrito/create-preference/${ana.id}`, {
        token: ana.token,
        body,
        headers: { 'Idempotency-Key': newKey() },
      });
      expect(res.status).toBe(200);
      const [pedido] = await shop.database.db
        .select()
        .from(pedidos)
        .where(eq(pedidos.id, ((await res.json()) as { idVenta: number }).idVenta));
      expect(pedido!.total).toBe(toCentimos(json.total));
      expect(json.total).toBeLessThan(cart.reduce((sum, line) => sum + line.precio, 0));
      expect(await charged(await routineLines(7, 'r-avanzada'))).toEqual((await routineLines(7, 'x')).map((line) => less(line.precio, 10)));
    });

    it('prices an incomplete or forged routine as ordinary lines, and refuses a client claiming the discount', async () => {
      const cart = await routineLines(5, 'r-falsa');
      const ordinary = cart.map((line) => line.precio);
      const otherCleanser = (await rutina({ ...filtros, pasosRutina: 3 })).json.data.Limpieza!.filter(plain)[1]!;
      const mascarilla = catalogue.find((p) => p.categoria === 'Mascarillas' && p.stock >= 5)!;
      const forgeries = [
        cart.slice(0, 4),
        cart.map((line, i) => (i === 1 ? { ...line, ...lineOf(byId(otherCleanser.idProducto)) } : line)),
        cart.map((line, i) => (i === 1 ? { ...line, ...lineOf(mascarilla), rutinaPaso: 'tonico' } : line)),
        cart.map((line) => ({ ...line, rutinaNivel: 'avanzado' })),
        cart.map((line, i) => (i === 0 ? { ...line, cantidad: 2 } : line)),
        cart.map((line, i) => (i === 0 ? { ...line, rutinaId: 'otra' } : line)),
      ];
      for (const forged of forgeries) {
        const prices = await charged(forged);
        expect(prices).toEqual(forged.map((line) => line.precio));
      }
      expect(await charged(cart.slice(0, 4))).toEqual(ordinary.slice(0, 4));
      const claimed = {
        ...preferenceBody(ana.id, cart.slice(0, 4)),
        cart: cart.slice(0, 4).map((line) => ({ ...line, precio: less(line.precio, 5) })),
      };
      const res = await shop.call('POST', `/carrito/create-preference/${ana.id}`, {
        token: ana.token,
        body: claimed,
        headers: { 'Idempotency-Key': newKey() },
      });
      expect(res.status).toBe(409);
    });

    it('keeps coupons off bundled lines, but lets them reach principiante and ordinary lines', async () => {
      const intermedio = await routineLines(5, 'r-cupon');
      const extra = catalogue.find((p) => p.categoria === 'Mascarillas' && plain({ ...p, nombreProducto: p.nombre }))!;
      const prices = await charged([...intermedio, lineOf(extra)], 'BIENVENIDA-RUTINA');
      expect(prices).toEqual([...intermedio.map((line) => less(line.precio, 5)), less(precioFinal(extra), 10)]);
      const onlyBundled = await quote(intermedio, 'BIENVENIDA-RUTINA');
      expect(onlyBundled.status).toBe(409);
      expect(onlyBundled.json.mensaje).toMatch(/^No se puede aplicar descuento/);
      const principiante = await routineLines(3, 'r-principiante');
      expect(await charged(principiante, 'BIENVENIDA-RUTINA')).toEqual(principiante.map((line) => less(line.precio, 10)));
    });

    it('keeps a routine line apart from an ordinary line of the same product', async () => {
      const cart = await routineLines(3, 'r-doble');
      const ordinary = lineOf(byId(cart[0]!.id));
      const { status, json } = await quote([...cart, ordinary]);
      expect(status).toBe(200);
      expect(json.productos.map((line) => line.precio)).toEqual([...cart.map((line) => line.precio), cart[0]!.precio]);
    });
  });
});
