import { and, count, countDistinct, eq, gt, gte, isNull, lt, lte, min, ne, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { InicioRespuesta, Pendiente, ReclamoVencido, Ventas } from '../../lib/api/backoffice-schemas.ts';
import { fechaLima } from '../../lib/dates.ts';
import { RECLAMOS, MESA } from '../../lib/tienda.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { avisosStock, comprobantes, pedidos, productos, resenas } from '../db/schema/index.ts';
import { esIdentidadDemo } from '../../lib/api/tienda-schemas.ts';
import { emisorVigente } from '../tienda/ajustes.ts';
import { calendarioVigente } from '../reclamos/calendario.ts';
import { listarReclamos, reclamoOperador } from '../reclamos/queries.ts';
import type { NoLaborable } from '../../lib/dias-habiles.ts';
import type { OperatorEnv } from './audit.ts';
import { conAlerta, estaAtrasado } from './queries.ts';

const DIA_MS = 24 * 60 * 60 * 1000;
const HORA_MS = 60 * 60 * 1000;

/** The instant a Lima date begins, and the date `n` days after it. */
const inicioDelDia = (dia: string) => new Date(`${dia}T00:00:00-05:00`);
const sumarDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T00:00:00Z`) + n * DIA_MS).toISOString().slice(0, 10);

/** The Lima periods of `ahora`: today, yesterday, this week (from Monday) and last week (Monday to Sunday). */
export function periodosLima(ahora: Date) {
  const hoy = fechaLima(ahora);
  const semana = (new Date(`${hoy}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const lunes = sumarDias(hoy, -semana);
  return {
    hoy: [inicioDelDia(hoy), inicioDelDia(sumarDias(hoy, 1))],
    ayer: [inicioDelDia(sumarDias(hoy, -1)), inicioDelDia(hoy)],
    semana: [inicioDelDia(lunes), inicioDelDia(sumarDias(lunes, 7))],
    semanaAnterior: [inicioDelDia(sumarDias(lunes, -7)), inicioDelDia(lunes)],
  } as const satisfies Record<string, readonly [Date, Date]>;
}

/** How long ago, in a few Spanish words: 'hace 3 horas', 'hace 2 días'. */
export function hace(desde: Date, ahora: Date): string {
  const horas = Math.max(0, Math.floor((ahora.getTime() - desde.getTime()) / HORA_MS));
  if (horas < 1) return 'hace menos de una hora';
  if (horas < 48) return horas === 1 ? 'hace 1 hora' : `hace ${horas} horas`;
  return `hace ${Math.floor(horas / 24)} días`;
}

/** Sales of paid orders (not cancelled) paid in [desde, hasta): soles, orders and the average ticket, exact to the céntimo. */
async function ventas(db: Db, [desde, hasta]: readonly [Date, Date]): Promise<Ventas> {
  const [row] = await db
    .select({ centimos: sql<number>`coalesce(sum(${pedidos.total}), 0)::bigint`, n: count() })
    .from(pedidos)
    .where(and(gte(pedidos.pagado, desde), lt(pedidos.pagado, hasta), ne(pedidos.estado, 'CANCELADO')));
  const centimos = Number(row?.centimos ?? 0);
  const n = Number(row?.n ?? 0);
  return { soles: centimos / 100, pedidos: n, ticketPromedio: n ? Math.round(centimos / n) / 100 : 0 };
}

/** What waits on the shop now, each with its list's path in the back office. */
export async function pendientes(db: Db, ahora: Date, noLaborable: NoLaborable, stockBajo: number): Promise<Pendiente[]> {
  const hoy = fechaLima(ahora);
  const [porPreparar, recojo, reclamosPendientes, resenasPendientes, comprobantesPendientes, alertas, agotados, bajos, transferencias] =
    await Promise.all([
      db
        .select({ n: count(), pagado: min(pedidos.pagado) })
        .from(pedidos)
        .where(eq(pedidos.estado, 'EN PREPARACION')),
      db
        .select({ n: count(), desde: min(pedidos.actualizado) })
        .from(pedidos)
        .where(eq(pedidos.estado, 'LISTO PARA RECOGER')),
      listarReclamos(db, 'pendiente'),
      db
        .select({ n: count(), desde: min(resenas.creada) })
        .from(resenas)
        .where(eq(resenas.estado, 'PENDIENTE')),
      db
        .select({
          rechazados: sql<number>`count(*) FILTER (WHERE ${comprobantes.estado} = 'rechazado')::int`,
          demorados: sql<number>`count(*) FILTER (WHERE ${comprobantes.estado} = 'pendiente')::int`,
        })
        .from(comprobantes)
        .where(
          or(
            eq(comprobantes.estado, 'rechazado'),
            and(
              eq(comprobantes.estado, 'pendiente'),
              lt(comprobantes.emitido, new Date(ahora.getTime() - MESA.comprobantePendienteMinutos * 60_000)),
            ),
          ),
        ),
      db.select({ n: count() }).from(pedidos).where(conAlerta),
      db
        .select({ productos: countDistinct(avisosStock.productoId), personas: count() })
        .from(avisosStock)
        .innerJoin(productos, eq(productos.id, avisosStock.productoId))
        .where(and(isNull(avisosStock.enviado), isNull(avisosStock.baja), eq(productos.stock, 0))),
      db
        .select({ n: count(), nombre: min(productos.nombre) })
        .from(productos)
        .where(and(eq(productos.visible, true), gt(productos.stock, 0), lte(productos.stock, stockBajo))),
      db
        .select({ n: count(), desde: min(pedidos.creado) })
        .from(pedidos)
        .where(and(eq(pedidos.metodoPago, 'transferencia'), eq(pedidos.estado, 'PENDIENTE'))),
    ]);

  const lista: Pendiente[] = [];
  const prep = porPreparar[0]!;
  lista.push({
    clave: 'por-preparar',
    titulo: 'Pedidos pagados por preparar',
    cantidad: Number(prep.n),
    ...(prep.pagado ? { detalle: `el más antiguo, pagado ${hace(prep.pagado, ahora)}` } : {}),
    urgente: prep.pagado !== null && estaAtrasado({ estado: 'EN PREPARACION', pagado: prep.pagado }, ahora, noLaborable),
    enlace: '/admin/pedidos?vista=por-preparar',
  });
  const rec = recojo[0]!;
  lista.push({
    clave: 'recojo-sin-recoger',
    titulo: 'Listos para recoger, aún sin recoger',
    cantidad: Number(rec.n),
    ...(rec.desde ? { detalle: `el más antiguo, listo ${hace(rec.desde, ahora)}` } : {}),
    urgente: false,
    enlace: '/admin/pedidos?vista=recojo',
  });
  const hojas = reclamosPendientes.map((row) => reclamoOperador(row, hoy, noLaborable));
  const menor = hojas.reduce<number | null>((m, h) => (m === null || h.diasHabilesRestantes < m ? h.diasHabilesRestantes : m), null);
  lista.push({
    clave: 'reclamos',
    titulo: 'Reclamos por responder',
    cantidad: hojas.length,
    ...(menor === null
      ? {}
      : {
          detalle:
            menor < 0
              ? 'uno ya venció su plazo'
              : menor === 1
                ? 'al más urgente le queda 1 día hábil'
                : `al más urgente le quedan ${menor} días hábiles`,
        }),
    urgente: menor !== null && menor <= RECLAMOS.avisoDiasHabiles,
    enlace: '/admin/reclamos',
  });
  const res = resenasPendientes[0]!;
  lista.push({
    clave: 'resenas',
    titulo: 'Reseñas por moderar',
    cantidad: Number(res.n),
    ...(res.desde ? { detalle: `la más antigua, ${hace(res.desde, ahora)}` } : {}),
    urgente: false,
    enlace: '/admin/resenas',
  });
  const comp = comprobantesPendientes[0]!;
  const rechazados = Number(comp.rechazados);
  const demorados = Number(comp.demorados);
  lista.push({
    clave: 'comprobantes',
    titulo: 'Comprobantes rechazados o sin respuesta',
    cantidad: rechazados + demorados,
    ...(rechazados + demorados > 0 ? { detalle: `${rechazados} rechazado(s), ${demorados} pendiente(s) hace más de una hora` } : {}),
    urgente: rechazados > 0,
    enlace: '/admin/comprobantes?estado=por-atender',
  });
  const alerta = Number(alertas[0]!.n);
  lista.push({
    clave: 'alertas-pago',
    titulo: 'Pagos por revisar (devoluciones, contracargos, mediaciones)',
    cantidad: alerta,
    urgente: alerta > 0,
    enlace: '/admin/pedidos?vista=con-alerta',
  });
  const ago = agotados[0]!;
  lista.push({
    clave: 'agotados-con-avisos',
    titulo: "Agotados con clientes esperando 'Avísame'",
    cantidad: Number(ago.productos),
    ...(Number(ago.personas) > 0 ? { detalle: `${Number(ago.personas)} aviso(s) en espera` } : {}),
    urgente: false,
    enlace: '/admin/stock?stock=agotado',
  });
  const bajo = bajos[0]!;
  lista.push({
    clave: 'stock-bajo',
    titulo: `Productos con ${stockBajo} unidades o menos`,
    cantidad: Number(bajo.n),
    urgente: false,
    enlace: '/admin/stock?stock=bajo',
  });
  const tra = transferencias[0]!;
  lista.push({
    clave: 'transferencias',
    titulo: 'Transferencias por confirmar',
    cantidad: Number(tra.n),
    ...(tra.desde ? { detalle: `la más antigua, ${hace(tra.desde, ahora)}` } : {}),
    urgente: false,
    enlace: '/admin/pedidos?metodo=transferencia&estado=PENDIENTE',
  });
  // The demo company must not reach a real receipt (issue 37, Decision 0203): until the owner enters the shop's own.
  const demo = esIdentidadDemo(await emisorVigente(db));
  lista.push({
    clave: 'tienda-demo',
    titulo: 'La tienda usa el RUC, la razón social y la dirección de demostración',
    cantidad: demo ? 1 : 0,
    ...(demo ? { detalle: 'Cámbialos en Tienda: los comprobantes reales no se emiten con ellos' } : {}),
    urgente: demo,
    enlace: '/admin/tienda',
  });
  return lista;
}

/** The complaints past their deadline unanswered on `ahora` (Lima), the oldest deadline first. */
export async function reclamosVencidos(db: Db, ahora: Date, noLaborable: NoLaborable): Promise<ReclamoVencido[]> {
  const hoy = fechaLima(ahora);
  return (await listarReclamos(db, 'vencido', hoy)).map((row) => {
    const hoja = reclamoOperador(row, hoy, noLaborable);
    return {
      numero: hoja.numero,
      tipo: hoja.tipo,
      consumidor: hoja.consumidor.nombre,
      plazo: hoja.plazo,
      diasHabilesVencido: Math.max(0, -hoja.diasHabilesRestantes),
    };
  });
}

/** The home's answer at `ahora`. */
export async function inicio(db: Db, ahora: Date, config: Pick<ServerConfig, 'reclamos' | 'mesa'>): Promise<InicioRespuesta> {
  const periodos = periodosLima(ahora);
  const noLaborable = await calendarioVigente(db, config.reclamos.diasNoLaborables);
  const [hoy, ayer, semana, semanaAnterior, lista, vencidos] = await Promise.all([
    ventas(db, periodos.hoy),
    ventas(db, periodos.ayer),
    ventas(db, periodos.semana),
    ventas(db, periodos.semanaAnterior),
    pendientes(db, ahora, noLaborable, config.mesa.stockBajo),
    reclamosVencidos(db, ahora, noLaborable),
  ]);
  return { hoy, ayer, semana, semanaAnterior, pendientes: lista, reclamosVencidos: vencidos };
}

/** GET /admin/api/inicio: what needs the shop this morning (issue 36). */
export function inicioRoutes(db: Db, config: Pick<ServerConfig, 'reclamos' | 'mesa'>) {
  return new Hono<OperatorEnv>().get('/inicio', async (c) => c.json((await inicio(db, new Date(), config)) satisfies InicioRespuesta));
}
