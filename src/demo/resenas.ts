import { eq, inArray, sql } from 'drizzle-orm';
import { unitPriceCentimos } from '../lib/pricing/product.ts';
import { PUNTOS_RECOJO } from '../lib/shipping/methods.ts';
import type { Db } from '../server/db/client.ts';
import { clientes, marcas, pedidoHistorial, pedidoLineas, pedidos, productos, resenas } from '../server/db/schema/index.ts';
import { autorDe } from '../server/resenas/queries.ts';

/**
 * The demo's published reviews: a few buyers from around Peru, each with the delivered pickup order that
 * proves her purchase (a review's proof, as for any buyer), and her reviews of what she bought, approved.
 * The product pages, listings and cards of a first `npm start` show stars, averages and snippets. The
 * buyers cannot sign in (no password matches) and the orders are weeks old, paid and delivered: nothing
 * waits on the shop. The texts are fixed; only the dates follow the day the demo is loaded.
 */

interface DemoResena {
  /** The product's name in the demo catalogue (src/demo/data). */
  producto: string;
  estrellas: number;
  titulo: string;
  texto: string;
}

interface DemoCompradora {
  nombre: string;
  apellido: string;
  usuario: string;
  dni: string;
  ciudad: string;
  /** How many days before the demo was loaded she ordered; delivered three days later, reviewed a week after. */
  diasAtras: number;
  resenas: DemoResena[];
}

export const DEMO_RESENAS: DemoCompradora[] = [
  {
    nombre: 'Valeria',
    apellido: 'Quispe Mamani',
    usuario: 'valeria.quispe',
    dni: '70456123',
    ciudad: 'Lima',
    diasAtras: 48,
    resenas: [
      {
        producto: 'Esencia Advanced Snail 96 Mucin Power',
        estrellas: 5,
        titulo: 'Mi piel amanece otra',
        texto:
          'La uso mañana y noche después del tónico. Con el clima húmedo de Lima pensé que iba a sentirse pesada, pero se absorbe rápido y deja la piel suave. Las marquitas de acné se ven más claras al mes.',
      },
      {
        producto: 'Tónico Heartleaf 77% Soothing',
        estrellas: 4,
        titulo: 'Calma el enrojecimiento',
        texto:
          'Tengo piel sensible y no me ardió nada. Lo aplico con las manos y se siente fresco. Le quito una estrella porque el frasco gotea un poco.',
      },
    ],
  },
  {
    nombre: 'Camila',
    apellido: 'Rojas Vargas',
    usuario: 'camila.rojas',
    dni: '72981345',
    ciudad: 'Arequipa',
    diasAtras: 41,
    resenas: [
      {
        producto: 'Esencia Advanced Snail 96 Mucin Power',
        estrellas: 5,
        titulo: 'Salvó mi piel del sol de Arequipa',
        texto:
          'Con el aire seco tenía la piel tirante todo el día. Desde que uso esta esencia la siento hidratada hasta la noche. La textura es como un gel, un poquito basta.',
      },
      {
        producto: 'Ampolla Madagascar Centella',
        estrellas: 5,
        titulo: 'Ligera y calmante',
        texto:
          'Me la recomendaron para los granitos del mentón y de verdad bajan la inflamación en un par de días. No tiene olor y no deja la cara grasosa.',
      },
    ],
  },
  {
    nombre: 'Lucía',
    apellido: 'Fernández Castillo',
    usuario: 'lucia.fernandez',
    dni: '46237819',
    ciudad: 'Trujillo',
    diasAtras: 34,
    resenas: [
      {
        producto: 'Exfoliante BHA Blackhead Power Liquid',
        estrellas: 4,
        titulo: 'Los puntos negros sí bajan',
        texto:
          'Lo uso tres noches por semana en la nariz y el mentón. Al principio me purgó un poco, pero a las tres semanas los poros se ven más limpios. Hay que usar bloqueador sí o sí.',
      },
      {
        producto: 'Tónico Heartleaf 77% Soothing',
        estrellas: 5,
        titulo: 'Mi tónico de todos los días',
        texto: 'Es como agua, se absorbe al toque y me deja lista para el sérum. Ya voy por el segundo frasco.',
      },
    ],
  },
  {
    nombre: 'Andrea',
    apellido: 'Huamán Torres',
    usuario: 'andrea.huaman',
    dni: '71348562',
    ciudad: 'Cusco',
    diasAtras: 27,
    resenas: [
      {
        producto: 'Esencia Advanced Snail 96 Mucin Power',
        estrellas: 4,
        titulo: 'Buena para el frío',
        texto:
          'En Cusco la piel se me pela con el frío y esta esencia ayuda bastante. Me gustaría que el envase fuera más grande por el precio, pero rinde.',
      },
      {
        producto: 'Ampolla Madagascar Centella',
        estrellas: 4,
        titulo: 'Suave, resultados poco a poco',
        texto:
          'No es milagrosa, pero después de un mes mi piel está menos roja y más pareja. La recogí en Miraflores cuando viajé a Lima y me atendieron muy bien.',
      },
    ],
  },
];

const DIA_MS = 86_400_000;

/** Loads DEMO_RESENAS into the demo catalogue just inserted (in its transaction), and sets the products' counters. */
export async function seedDemoResenas(db: Db, ahora = new Date()): Promise<void> {
  const nombres = [...new Set(DEMO_RESENAS.flatMap((c) => c.resenas.map((r) => r.producto)))];
  const filas = await db
    .select({
      id: productos.id,
      nombre: productos.nombre,
      precio: productos.precio,
      descuento: productos.descuento,
      descuentoN: productos.descuentoN,
      img: productos.img,
      marca: marcas.nombre,
    })
    .from(productos)
    .innerJoin(marcas, eq(marcas.id, productos.marcaId))
    .where(inArray(productos.nombre, nombres));
  const porNombre = new Map(filas.map((fila) => [fila.nombre, fila]));
  const faltan = nombres.filter((nombre) => !porNombre.has(nombre));
  if (faltan.length) throw new Error(`Reseñas de demostración de productos que no están en el catálogo: ${faltan.join(', ')}.`);
  const recojo = PUNTOS_RECOJO[0]!;

  for (const compradora of DEMO_RESENAS) {
    const pedido = new Date(ahora.getTime() - compradora.diasAtras * DIA_MS);
    const pagado = new Date(pedido.getTime() + 10 * 60_000);
    const listo = new Date(pedido.getTime() + DIA_MS);
    const entregado = new Date(pedido.getTime() + 3 * DIA_MS);
    const resenada = new Date(pedido.getTime() + 10 * DIA_MS);
    const publicada = new Date(resenada.getTime() + DIA_MS);
    const correo = `${compradora.usuario}@example.pe`;
    const [cliente] = await db
      .insert(clientes)
      .values({
        nombre: compradora.nombre,
        apellido: compradora.apellido,
        usuario: compradora.usuario,
        correo,
        telefono: '987654321',
        ciudad: compradora.ciudad,
        dni: compradora.dni,
        // Not a hash: no password verifies against it, so nobody signs in as a demo buyer.
        passwordHash: 'demo-sin-contrasena',
        creado: pedido,
      })
      .returning({ id: clientes.id });
    const lineas = compradora.resenas.map(({ producto }) => {
      const p = porNombre.get(producto)!;
      const unitario = unitPriceCentimos(p);
      return { p, unitario };
    });
    const subtotal = lineas.reduce((total, { unitario }) => total + unitario, 0);
    const [orden] = await db
      .insert(pedidos)
      .values({
        clienteId: cliente!.id,
        estado: 'ENTREGADO',
        claveIdempotencia: `demo-${compradora.usuario}`,
        creado: pedido,
        actualizado: entregado,
        expira: new Date(pedido.getTime() + DIA_MS),
        recojo: true,
        metodoEnvio: recojo.metodo,
        direccion: recojo.direccion,
        instrucciones: recojo.instrucciones,
        horario: recojo.horario,
        nombre: compradora.nombre,
        apellido: compradora.apellido,
        correo,
        telefono: '987654321',
        documentoTipo: 'DNI',
        documentoNumero: compradora.dni,
        subtotal,
        descuento: 0,
        envio: 0,
        total: subtotal,
        pasarela: 'prueba',
        metodoPago: 'mercadopago',
        pagado,
        fechaEntrega: entregado,
      })
      .returning({ id: pedidos.id });
    const pedidoId = orden!.id;
    await db.insert(pedidoLineas).values(
      lineas.map(({ p, unitario }) => ({
        pedidoId,
        productoId: p.id,
        nombre: p.nombre,
        marca: p.marca,
        img: p.img,
        cantidad: 1,
        precioUnitario: Math.round(p.precio * 100),
        precioConDescuento: unitario,
        precioCobrado: unitario,
      })),
    );
    await db.insert(pedidoHistorial).values([
      { pedidoId, estado: 'PENDIENTE', fecha: pedido, nota: 'Pedido creado; stock reservado a la espera del pago.', actor: 'Cliente' },
      { pedidoId, estado: 'EN PREPARACION', fecha: pagado, nota: 'Pago aprobado.', actor: 'Mercado Pago' },
      { pedidoId, estado: 'LISTO PARA RECOGER', fecha: listo, actor: 'Sistema' },
      { pedidoId, estado: 'ENTREGADO', fecha: entregado, actor: 'Sistema' },
    ]);
    await db.insert(resenas).values(
      compradora.resenas.map((resena) => ({
        productoId: porNombre.get(resena.producto)!.id,
        clienteId: cliente!.id,
        pedidoId,
        estrellas: resena.estrellas,
        titulo: resena.titulo,
        texto: resena.texto,
        autor: autorDe(compradora.nombre, compradora.apellido),
        estado: 'APROBADA',
        creada: resenada,
        moderada: publicada,
        operador: 'Demostración',
      })),
    );
  }

  await db
    .update(productos)
    .set({
      resenasCantidad: sql`(SELECT count(*) FROM ${resenas} WHERE ${resenas.productoId} = ${productos.id} AND ${resenas.estado} = 'APROBADA')`,
      resenasSuma: sql`(SELECT coalesce(sum(${resenas.estrellas}), 0) FROM ${resenas} WHERE ${resenas.productoId} = ${productos.id} AND ${resenas.estado} = 'APROBADA')`,
    })
    .where(
      inArray(
        productos.id,
        filas.map((fila) => fila.id),
      ),
    );
}
