import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProductoOperadorRespuesta } from '../../src/lib/api/operator-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { runShop } from '../../src/cli/shop.ts';
import { auditoria, imagenes, marcas, productos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { png } from './images.ts';
import { lineOf, newKey, openShop, placeOrder, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';
import { parseCsv } from '../../src/lib/catalogue/csv.ts';
import type { RespuestaImportacion } from '../../src/lib/api/operator-schemas.ts';

const TOKEN = 'operador-de-importacion-0123456789';

describeEachDatabase('catalogue import (npm run shop -- importar)', (target) => {
  let shop: TestShop;
  let dir: string;
  let existing: Producto;

  /** Runs `npm run shop` against the test shop, with progress lines captured as a pipe would get them. */
  async function shopCli(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const progress: string[] = [];
    const code = await runShop(args, {
      fetch: async (url, init) => shop.app.request(url, init),
      baseUrl: 'http://localhost:4321',
      token: TOKEN,
      operador: 'Importadora',
      progress: { tty: false, write: (t) => progress.push(t) },
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    });
    return { code, out: out.join('\n'), err: err.join('\n'), progress: progress.join('') };
  }
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const version = async () => ((await (await shop.call('GET', '/web/version')).json()) as { version: number }).version;
  const count_ = async (table: typeof auditoria | typeof imagenes | typeof productos) =>
    Number((await shop.database.db.select({ n: count() }).from(table))[0]!.n);
  const bySku = async (sku: string) => (await shop.database.db.select().from(productos).where(eq(productos.sku, sku)))[0];
  const porId = async (id: number) => (await shop.database.db.select().from(productos).where(eq(productos.id, id)))[0];
  const publicProduct = async (id: number) =>
    ((await (await shop.call('GET', `/web/detailprod/${id}`)).json()) as { mensaje: Producto[] }).mensaje[0];

  const HEADER = 'sku,idProducto,nombre,marca,linea,categoria,child,precio,descuento,stock,img,descripcion,fechaLlegada';

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    existing = (await shop.catalogue())[0]!;
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-import-'));
    writeFileSync(join(dir, 'frente.png'), png(4, 5, [230, 180, 190]));
    writeFileSync(join(dir, 'reverso.png'), png(4, 5, [90, 60, 120]));
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a valid file: new products (with photos, a new brand and a new categoría) and an update, counted in the summary', async () => {
    const csv = file(
      'catalogo.csv',
      [
        HEADER,
        `IMP-1,,"Crema Snail, 100 ml",Marca Nueva Importada,Cuidado,Cremas de prueba,Cremas nocturnas,89.90,10,30,"frente.png,reverso.png","Crema con ""mucina"" de caracol.\nSegunda línea.",`,
        `IMP-2,,Gel limpiador suave,COSRX,,Limpieza,,45,,12,/demo/sin-imagen.svg,Gel,`,
        `IMP-3,,Parches preventa,Heimish,,Contorno de ojos,,39.5,,5,,"",15/08/2030`,
        `EXIST-1,${existing.idProducto},,,,,,${existing.precio + 1},,,,,`,
      ].join('\n'),
    );
    const before = await version();
    const result = await shopCli(['importar', csv]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^Importación de catalogo\.csv: 3 creados, 1 actualizados, 0 sin cambios, 0 rechazados \(4 filas en .+, [\d,]+ filas\/s\)\.$/m,
    );
    expect(result.out).toContain('Nuevas: marcas Marca Nueva Importada; categorías Cremas de prueba; subcategorías Cremas nocturnas.');
    expect(result.out).toContain('Imágenes: 2 subidas, 0 ya estaban en la tienda.');
    expect(await version()).toBeGreaterThan(before);

    const nuevo = (await bySku('IMP-1'))!;
    const publico = (await publicProduct(nuevo.id))!;
    expect(publico).toMatchObject({
      nombre: 'Crema Snail, 100 ml',
      marca: 'Marca Nueva Importada',
      linea: 'Cuidado',
      categoria: 'Cremas de prueba',
      child: 'Cremas nocturnas',
      precio: 89.9,
      descuento: 10,
      stock: 30,
      stock_total: 30,
      descripcion: 'Crema con "mucina" de caracol.\nSegunda línea.',
      modouso: 'No especificado.',
    });
    const [frente, reverso] = publico.img.split(',');
    expect(frente).toMatch(/^\/imagenes\/[0-9a-f]{64}\.png$/);
    expect([publico.imagen, publico.imgHover]).toEqual([frente, reverso]);
    const served = await shop.call('GET', frente!);
    expect([served.status, served.headers.get('Content-Type')]).toEqual([200, 'image/png']);
    expect(await bySku('IMP-3')).toMatchObject({ fechaLlegada: '2030-08-15', img: '', descripcion: '' });
    // The update took the SKU and the price, and left every other field alone.
    expect(await publicProduct(existing.idProducto)).toEqual({ ...existing, precio: existing.precio + 1 });
    expect((await bySku('EXIST-1'))!.id).toBe(existing.idProducto);
    // Every write is in the audit trail under the operator's name.
    const entradas = await shop.database.db
      .select()
      .from(auditoria)
      .where(inArray(auditoria.accion, ['importar.crear', 'importar.actualizar']));
    expect(entradas).toHaveLength(4);
    expect(entradas.find((e) => e.accion === 'importar.actualizar')).toMatchObject({
      operador: 'token de operador (Importadora)',
      objetivo: `producto ${existing.idProducto} (EXIST-1)`,
      antes: { sku: null, precio: existing.precio },
      despues: { sku: 'EXIST-1', precio: existing.precio + 1 },
    });
  });

  it('imports the same file again as "sin cambios": nothing written, the catalogue version stays', async () => {
    const before = { version: await version(), audit: await count_(auditoria), images: await count_(imagenes) };
    const result = await shopCli(['importar', join(dir, 'catalogo.csv')]);
    expect(result.out).toMatch(/: 0 creados, 0 actualizados, 4 sin cambios, 0 rechazados/);
    expect(result.out).toContain('Imágenes: 0 subidas, 2 ya estaban en la tienda.');
    expect({ version: await version(), audit: await count_(auditoria), images: await count_(imagenes) }).toEqual(before);
  });

  it('reports each bad row with its row number and a Spanish reason, writes the good rows and nothing of the bad ones', async () => {
    const precioAntes = (await bySku('IMP-2'))!.precio;
    const csv = file(
      'con-errores.csv',
      [
        HEADER,
        'MAL-1,,Precio negativo,COSRX,,Limpieza,,-5,,1,,,',
        ',,Sin clave,COSRX,,Limpieza,,10,,1,,,',
        `MAL-3,987654,Id que no existe,COSRX,,Limpieza,,10,,1,,,`,
        'IMP-2,,Gel limpiador suave,COSRX,,Limpieza,,1.234,,12,,,',
        'MAL-5,,Categoría nueva sin línea,COSRX,,Categoría Inventada,,10,,1,,,',
        'MAL-6,,Foto perdida,COSRX,,Limpieza,,10,,1,no-existe.jpg,,',
        'MAL-7,,Fecha imposible,COSRX,,Limpieza,,10,,1,,,31/02/2030',
        'MAL-8,,Demasiadas columnas,COSRX,,Limpieza,,10,,1,,,,extra',
        'MAL-9,,Subcategoría ajena,COSRX,,Limpieza,Cremas nocturnas,10,,1,,,',
        'BIEN-1,,Producto correcto,COSRX,,Limpieza,,10,,1,,,',
        'BIEN-1,,Repetido,COSRX,,Limpieza,,10,,1,,,',
        'MAL-11,,,COSRX,,Limpieza,,10,,1,,,',
      ].join('\n'),
    );
    const result = await shopCli(['importar', csv]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/: 1 creados, 0 actualizados, 0 sin cambios, 11 rechazados/);
    const reasons = Object.fromEntries([...result.out.matchAll(/^ {2}Fila (\d+) +(.+)$/gm)].map((m) => [Number(m[1]), m[2]]));
    expect(reasons).toEqual({
      2: 'El precio debe ser mayor que 0.',
      3: 'Falta el sku: un producto nuevo necesita su sku (para actualizar uno existente basta su idProducto).',
      4: 'No existe el producto 987654: un producto nuevo se crea con su sku y sin idProducto.',
      5: 'El precio admite como máximo 2 decimales.',
      6: 'La categoría Categoría Inventada es nueva: indica su línea (linea), por ejemplo Cuidado o Maquillaje.',
      7: expect.stringMatching(/^No se encontró la imagen no-existe\.jpg \(las rutas son relativas a la carpeta de con-errores\.csv: /),
      8: 'fechaLlegada no es una fecha que exista.',
      9: 'La fila tiene 14 columnas y la cabecera 13: ¿una coma sin comillas dentro de un texto?',
      10: 'La subcategoría Cremas nocturnas es de la categoría Cremas de prueba, no de Limpieza.',
      12: 'Repite el producto de la fila 11.',
      13: 'Producto nuevo (sku MAL-11): falta nombre.',
    });
    expect(await bySku('BIEN-1')).toMatchObject({ nombre: 'Producto correcto' });
    const written = await shop.database.db
      .select({ sku: productos.sku })
      .from(productos)
      .where(inArray(productos.sku, ['MAL-1', 'MAL-3', 'MAL-5', 'MAL-6', 'MAL-7', 'MAL-8', 'MAL-9', 'MAL-11']));
    expect(written).toEqual([]);
    expect((await bySku('IMP-2'))!.precio).toBe(precioAntes);
    expect(await shop.database.db.select().from(marcas).where(eq(marcas.nombre, 'Categoría Inventada'))).toEqual([]);
  });

  it('validates and counts in a dry run without writing anything, images included', async () => {
    writeFileSync(join(dir, 'nueva.png'), png(6, 6, [10, 200, 10]));
    const csv = file(
      'simulacro.csv',
      [
        HEADER,
        'SIM-1,,Nuevo en simulacro,Otra Marca Nueva,,Limpieza,,20,,3,nueva.png,,',
        'IMP-2,,Gel limpiador suave,COSRX,,Limpieza,,46,,12,,,',
        'SIM-3,,,COSRX,,Limpieza,,20,,3,,,',
      ].join('\n'),
    );
    const before = {
      version: await version(),
      audit: await count_(auditoria),
      images: await count_(imagenes),
      products: await count_(productos),
    };
    const result = await shopCli(['importar', csv, '--dry-run']);
    expect(result.out).toMatch(
      /^Simulacro de simulacro\.csv \(no se escribió nada\): 1 se crearían, 1 se actualizarían, 0 sin cambios, 1 rechazados/m,
    );
    expect(result.out).toContain('Se crearían: marcas Otra Marca Nueva.');
    expect(result.out).toContain('Imágenes: 1 por subir, 0 ya estaban en la tienda.');
    expect({
      version: await version(),
      audit: await count_(auditoria),
      images: await count_(imagenes),
      products: await count_(productos),
    }).toEqual(before);
    expect((await bySku('IMP-2'))!.precio).toBe(45);
  });

  it('refuses names that cannot be a page of the shop and image paths that lead to another site, from a file and from the operator API', async () => {
    const csv = file(
      'nombres-rotos.csv',
      [
        HEADER,
        'ROTO-1,,Marca con barra,Marca/Rota,,Limpieza,,10,,1,,,',
        'ROTO-2,,Marca con script,</script><script>alert(1)</script>,,Limpieza,,10,,1,,,',
        'ROTO-3,,Categoría con markup,COSRX,Cuidado,<b>Nueva,,10,,1,,,',
        'ROTO-4,,Subcategoría vacía,COSRX,,Limpieza,...,10,,1,,,',
        'ROTO-5,,Imagen de otro sitio,COSRX,,Limpieza,,10,,1,/\\evil.com/x.png,,',
      ].join('\n'),
    );
    const result = await shopCli(['importar', csv]);
    expect(result.code).toBe(1);
    const reasons = Object.fromEntries([...result.out.matchAll(/^ {2}Fila (\d+) +(.+)$/gm)].map((m) => [Number(m[1]), m[2]]));
    expect(reasons).toEqual({
      2: 'La marca no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.',
      3: 'La marca no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.',
      4: 'La categoría no puede tener < ni >.',
      5: 'La subcategoría (child) debe tener al menos una letra o un número.',
      6: 'img: cada imagen debe ser un archivo junto al CSV o una ruta de la tienda que empiece con una sola / (sin espacios ni barras invertidas).',
    });
    // The operator API's own call (what the command sends) refuses them the same way, whatever client sends it.
    const res = await shop.call('POST', '/admin/api/importar', {
      token: TOKEN,
      body: JSON.stringify({
        filas: [
          { fila: 2, valores: { sku: 'ROTO-6', nombre: 'x', precio: 10, marca: 'A\\B', categoria: 'Limpieza' } },
          { fila: 3, valores: { sku: 'ROTO-7', nombre: 'y', precio: 10, marca: 'COSRX', categoria: 'Limpieza', img: '/\\evil.com' } },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { resultados: { fila: number; resultado: string; motivo?: string }[] }).resultados).toEqual([
      { fila: 2, resultado: 'rechazado', motivo: 'La marca no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.' },
      {
        fila: 3,
        resultado: 'rechazado',
        motivo:
          'img: cada imagen debe ser un archivo junto al CSV o una ruta de la tienda que empiece con una sola / (sin espacios ni barras invertidas).',
      },
    ]);
    expect(
      await shop.database.db
        .select({ sku: productos.sku })
        .from(productos)
        .where(inArray(productos.sku, ['ROTO-1', 'ROTO-2', 'ROTO-3', 'ROTO-4', 'ROTO-5', 'ROTO-6', 'ROTO-7'])),
    ).toEqual([]);
  });

  it('imports JSON too: the public /web/listprod answer saved as a file imports as "sin cambios"', async () => {
    const listprod = await (await shop.call('GET', '/web/listprod')).text();
    const json = file('listprod.json', listprod);
    const before = await version();
    const result = await shopCli(['importar', json]);
    const total = (JSON.parse(listprod) as unknown[]).length;
    expect(result.out).toMatch(new RegExp(`: 0 creados, 0 actualizados, ${total.toLocaleString('es-PE')} sin cambios, 0 rechazados`));
    expect(await version()).toBe(before);
    // Progress lines go to a pipe as plain text (no bar, no carriage returns).
    expect(result.progress).not.toContain('\r');

    const cambiado = JSON.parse(listprod) as Producto[];
    cambiado[0]!.stock += 3;
    const res = await shopCli(['importar', file('cambio.json', JSON.stringify({ productos: [cambiado[0]] }))]);
    expect(res.out).toMatch(/: 0 creados, 1 actualizados, 0 sin cambios/);
    expect(
      (
        (await (
          await shop.call('GET', `/admin/api/productos/${cambiado[0]!.idProducto}`, { token: TOKEN })
        ).json()) as ProductoOperadorRespuesta
      ).producto.stock,
    ).toBe(cambiado[0]!.stock);
  });

  it('a downloaded catalogue imported back never undoes a sale made since: the stock it was downloaded with is kept apart', async () => {
    const [vendido, quieto] = plainProducts(await shop.catalogue()).slice(-2);
    await shop.setStock(vendido!.idProducto, 10);
    await shop.setStock(quieto!.idProducto, 10);
    const res = await shop.call('GET', '/admin/api/catalogo/exportar?formato=csv', { token: TOKEN });
    const { cabecera, registros } = parseCsv(await res.text());
    expect(cabecera.slice(-2)).toEqual(['stock_descargado', 'stock_total_descargado']);
    const columna = (nombre: string) => cabecera.indexOf(nombre);
    const filaDe = (id: number) => registros.find((r) => r.celdas[columna('idProducto')] === String(id))!.celdas;
    expect(
      ['stock', 'stock_total', 'stock_descargado', 'stock_total_descargado'].map((c) => filaDe(vendido!.idProducto)[columna(c)]),
    ).toEqual(['10', '10', '10', '10']);
    /** The two products' rows of the download, with some cells changed (by product, by column). */
    const archivo = (cambios: Record<number, Record<string, string>> = {}) =>
      [cabecera, filaDe(vendido!.idProducto), filaDe(quieto!.idProducto)]
        .map((celdas, i) => {
          const copia = [...celdas];
          const id = [0, vendido!.idProducto, quieto!.idProducto][i]!;
          for (const [nombre, valor] of Object.entries(cambios[id] ?? {})) copia[columna(nombre)] = valor;
          return copia.map((celda) => (/[",\r\n]/.test(celda) ? `"${celda.replaceAll('"', '""')}"` : celda)).join(',');
        })
        .join('\r\n');

    // A shopper buys 2 units after the download: the web's stock and every unit's are 8.
    const cliente = await shop.customer(`importa-venta-${target.name.toLowerCase()}`);
    await placeOrder(shop, cliente, vendido!, { cantidad: 2 });
    expect(await porId(vendido!.idProducto)).toMatchObject({ stock: 8, stockTotal: 8 });

    // The file as it was downloaded: nothing changes, the sale stays.
    const igual = await shopCli(['importar', file('descargado.csv', archivo())]);
    expect(igual.out).toMatch(/: 0 creados, 0 actualizados, 2 sin cambios, 0 rechazados/);
    expect(await porId(vendido!.idProducto)).toMatchObject({ stock: 8, stockTotal: 8 });

    // A new figure written over the 10 it was downloaded with, now 8: the row is refused whole (its price too).
    const contado = { [vendido!.idProducto]: { stock: '15', precio: '77' } };
    const refusado = await shopCli(['importar', file('contado.csv', archivo(contado))]);
    expect(refusado.code).toBe(1);
    expect(refusado.out).toMatch(
      /Fila 2 +El stock cambió desde que se descargó el archivo \(una venta u otro cambio\): era 10, ahora es 8\. Para no deshacer ese cambio, esta fila no se importa/,
    );
    expect(await porId(vendido!.idProducto)).toMatchObject({ stock: 8, precio: vendido!.precio });

    // The owner's count written with the cell stock_descargado left empty is taken as it is; so is a new figure on
    // a product whose stock did not move (the other row).
    const sinDescargado = archivo({
      [vendido!.idProducto]: { ...contado[vendido!.idProducto], stock_descargado: '' },
      [quieto!.idProducto]: { stock: '12' },
    });
    const tomado = await shopCli(['importar', file('tomado.csv', sinDescargado)]);
    expect(tomado.out).toMatch(/: 0 creados, 2 actualizados, 0 sin cambios, 0 rechazados/);
    expect(await porId(vendido!.idProducto)).toMatchObject({ stock: 15, stockTotal: 15, precio: 77 });
    expect(await shop.stockOf(quieto!.idProducto)).toBe(12);
  });

  it('an import and a sale of the same product at once: the sale is never undone, whichever goes first', async () => {
    const producto = plainProducts(await shop.catalogue()).at(-3)!;
    const vistos = new Set<string>();
    // The import before the sale, sent as the shopper pays for one unit and later and later into the sale (which checks
    // the cart first), and after it.
    for (const [vuelta, cuando] of (['antes', 0, 5, 10, 20, 40, 80, 'después'] as const).entries()) {
      await shop.setStock(producto.idProducto, 10);
      // A shopper of their own each time: a new checkout of the same shopper would give back their last one's units.
      const cliente = await shop.customer(`importa-a-la-vez-${vuelta}-${target.name.toLowerCase()}`);
      const compra = await validBody(shop, cliente, preferenceBody(cliente.id, [lineOf(producto, 1)]));
      const vender = () =>
        shop.call('POST', `/carrito/create-preference/${cliente.id}`, {
          token: cliente.token,
          body: compra,
          headers: { 'Idempotency-Key': newKey() },
        });
      // The file says 20 over the 10 it was downloaded with.
      const importar = () =>
        shop.call('POST', '/admin/api/importar', {
          token: TOKEN,
          body: { filas: [{ fila: 2, valores: { idProducto: producto.idProducto, stock: 20, stock_descargado: 10 } }] },
        });
      let importacion: Response;
      let venta: Response;
      if (cuando === 'antes') [importacion, venta] = [await importar(), await vender()];
      else if (cuando === 'después') [venta, importacion] = [await vender(), await importar()];
      else {
        const vendiendo = vender();
        await new Promise((listo) => setTimeout(listo, cuando));
        [importacion, venta] = [await importar(), await vendiendo];
      }
      expect([importacion.status, venta.status]).toEqual([200, 200]);
      const [resultado] = ((await importacion.json()) as RespuestaImportacion).resultados;
      vistos.add(resultado!.resultado);
      // Import first: 20, then the sale takes one. Sale first: the import is refused and the stock is 9.
      expect(await shop.stockOf(producto.idProducto)).toBe(resultado!.resultado === 'actualizado' ? 19 : 9);
      if (resultado!.resultado !== 'actualizado') expect(resultado!.motivo).toMatch(/^El stock cambió desde que se descargó el archivo/);
    }
    expect([...vistos].sort()).toEqual(['actualizado', 'rechazado']);
  });

  it('refuses unknown columns, unreadable files and other formats before sending anything', async () => {
    const unknown = await shopCli(['importar', file('raro.csv', 'sku,precio,colour\nA,1,rojo')]);
    expect(unknown).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Columna\(s\) desconocida\(s\): colour\. Las columnas válidas son: sku, idProducto, nombre/),
    });
    expect(await shopCli(['importar', join(dir, 'no-existe.csv')])).toMatchObject({
      code: 1,
      err: `No se pudo leer ${join(dir, 'no-existe.csv')}.`,
    });
    expect(await shopCli(['importar', file('catalogo.xlsx', 'x')])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/el catálogo debe ser un archivo \.csv o \.json\.$/),
    });
    expect(await shopCli(['importar', file('abierta.csv', 'sku,nombre\nA,"sin cerrar')])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/Hay una comilla \(".*\) sin cerrar en la fila 2\.$/),
    });
    expect(await shopCli(['importar'])).toMatchObject({
      code: 1,
      err: 'Indica el archivo del catálogo, por ejemplo: npm run shop -- importar ejemplos/catalogo.csv',
    });
    const semicolons = await shopCli(['importar', file('excel.csv', '\uFEFFSKU;Precio;Stock total\nIMP-2;45,00;20')]);
    expect(semicolons.out).toMatch(/: 0 creados, 1 actualizados, 0 sin cambios, 0 rechazados/);
    expect(await bySku('IMP-2')).toMatchObject({ precio: 45, stockTotal: 20 });
  });

  it('imports the example catalogue shipped in the repository', async () => {
    const result = await shopCli(['importar', 'ejemplos/catalogo.csv']);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(/: 5 creados, 0 actualizados, 0 sin cambios, 0 rechazados/);
    const set = (await bySku('KBP-SET-005'))!;
    expect(set).toMatchObject({ esSet: true, visible: false });
    expect((await shop.call('GET', `/web/productos?ids=${set.id}`)).status).toBe(200);
    expect(await (await shop.call('GET', `/web/productos?ids=${set.id}`)).json()).toEqual([]);
    const toner = (await bySku('KBP-TON-001'))!;
    expect(toner.img.split(',')).toHaveLength(2);
    expect((await shop.call('GET', toner.imagen)).headers.get('Content-Type')).toBe('image/jpeg');
    expect((await shopCli(['importar', 'ejemplos/catalogo.csv'])).out).toMatch(/: 0 creados, 0 actualizados, 5 sin cambios/);
  });
});
