import { eq } from 'drizzle-orm';
import { formatCentimos } from '../../lib/pricing/money.ts';
import { TIENDA } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { devoluciones as devolucionesPedido, pedidos, type Pedido } from '../db/schema/index.ts';
import type { Handlers } from '../jobs/queue.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { celda, emailHtml, escapeHtml, FIRMA, MUTED } from '../mail/templates.ts';
import type { Pasarela } from './gateway.ts';
import { procesarReembolso, TRABAJO_CORREO_DEVOLUCION, TRABAJO_REEMBOLSO } from './devoluciones.ts';
import { devolucionesDelPedido, type DevolucionConLineas } from '../orders/devoluciones-vista.ts';

/** The customer's e-mail about an accepted return (issue 36): the units taken back and the amount refunded, in the shop's one frame. */
export function devolucionEmail(pedido: Pedido, { devolucion, lineas }: DevolucionConLineas): MailMessage {
  const n = `N.° ${pedido.id}`;
  const opciones = (l: DevolucionConLineas['lineas'][number]) => [l.color, l.tamano].filter(Boolean).join(' · ');
  const parrafos = [
    `Recibimos la devolución de productos de tu pedido ${n}.`,
    `Te devolveremos ${formatCentimos(devolucion.monto)}${devolucion.envio > 0 ? ' (envío incluido)' : ''} al mismo medio con el que pagaste. Según tu banco, puede tardar unos días hábiles en verse en tu cuenta.`,
    'Te enviaremos la nota de crédito electrónica por esos productos.',
  ];
  const filas = lineas.map(
    (l) => `${l.cantidad} × ${l.nombreProducto}${opciones(l) ? ` (${opciones(l)})` : ''}: ${formatCentimos(l.monto)}`,
  );
  const contacto = `Puedes verla en ${TIENDA.nombre}, en Mis Compras. ¿Dudas? Escríbenos por WhatsApp al +${TIENDA.whatsapp}.`;
  const text = [
    `Hola, ${pedido.nombre}:`,
    '',
    ...parrafos.flatMap((p) => [p, '']),
    'Productos devueltos:',
    ...filas.map((f) => `- ${f}`),
    ...(devolucion.envio > 0 ? [`- Envío: ${formatCentimos(devolucion.envio)}`] : []),
    `Total a reembolsar: ${formatCentimos(devolucion.monto)}`,
    '',
    contacto,
    '',
    FIRMA,
  ].join('\n');
  const html = emailHtml({
    saludo: `Hola, ${pedido.nombre}:`,
    filas: [
      ...parrafos.map((p) =>
        celda('padding:8px 0 0;font-size:16px;line-height:1.5', escapeHtml(p).replace(/N\.° \d+/g, '<strong>$&</strong>')),
      ),
      celda('padding-top:16px;font-size:15px;font-weight:bold', 'Productos devueltos'),
      ...filas.map((f) => celda(`font-size:14px;line-height:1.5;${MUTED}`, escapeHtml(f))),
      ...(devolucion.envio > 0
        ? [celda(`font-size:14px;line-height:1.5;${MUTED}`, escapeHtml(`Envío: ${formatCentimos(devolucion.envio)}`))]
        : []),
      celda('padding-top:8px;font-size:17px;font-weight:bold', escapeHtml(`Total a reembolsar: ${formatCentimos(devolucion.monto)}`)),
      celda(`padding-top:20px;font-size:14px;line-height:1.5;${MUTED}`, escapeHtml(contacto)),
    ],
    firma: true,
  });
  return { to: pedido.correo, subject: `${TIENDA.nombre}: recibimos tu devolución del pedido ${n}`, text, html };
}

/** The background jobs of refunds and returns: a pending refund asked of the provider again, the customer's e-mail about a return. */
export function devolucionJobs({ db, mailer, pasarela }: { db: Db; mailer: Mailer; pasarela: Pasarela | null }): Handlers {
  return {
    [TRABAJO_REEMBOLSO]: async (datos) => {
      const reembolso = await procesarReembolso(db, pasarela, Number(datos.reembolsoId));
      if (reembolso?.estado === 'pendiente') throw new Error(`El reembolso ${reembolso.id} sigue pendiente.`);
    },
    [TRABAJO_CORREO_DEVOLUCION]: async (datos) => {
      const id = Number(datos.devolucionId);
      const [row] = await db
        .select({ pedidoId: devolucionesPedido.pedidoId })
        .from(devolucionesPedido)
        .where(eq(devolucionesPedido.id, id));
      if (!row) return;
      const [pedido] = await db.select().from(pedidos).where(eq(pedidos.id, row.pedidoId));
      const devolucion = (await devolucionesDelPedido(db, row.pedidoId)).find((d) => d.devolucion.id === id);
      if (pedido && devolucion) await mailer.send(devolucionEmail(pedido, devolucion));
    },
  };
}
