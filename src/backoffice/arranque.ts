import { noop, type QueryClient } from '@tanstack/react-query';
import type { ClienteBackoffice } from './cliente.ts';
import { CLAVE_SESION } from './marco/sesion.ts';
import { pedidoDeUrl } from './pedidos/filtro-url.ts';

/** The home's query key, shared by Inicio and the boot's head start. */
export const CLAVE_INICIO = ['inicio'] as const;
/** The publishing status's query key, shared by EstadoPublicacion (on the home) and the boot's head start. */
export const CLAVE_PUBLICACION = ['publicacion'] as const;

/**
 * What the first screen needs, asked for at boot and all at once instead of one after another: the session
 * (ConSesion waits for it), the home's figures and the publishing status on /admin/ or the orders' page on /admin/pedidos (its filter from
 * `busqueda`, the address's query), and the code of the screen the address opens, so a
 * phone on a slow network pays one round trip for them, not three (the bench's "usable within 2 s", issue 36).
 * Sign-in and invitation pages need no session: nothing is asked there. Answers the promises it started.
 */
export function adelantar(ruta: string, cliente: ClienteBackoffice, consultas: QueryClient, busqueda = ''): Promise<unknown>[] {
  const camino = ruta.replace(/\/+$/, '') || '/admin';
  if (!camino.startsWith('/admin') || /^\/admin\/(?:ingresar|invitacion)(?:\/|$)/.test(camino)) return [];
  // A head start, never a failure: a screen asks again through its own query and shows that error there.
  const cargar = <T>(opciones: { queryKey: readonly unknown[]; queryFn: () => Promise<T> }) => consultas.query(opciones).catch(noop);
  const pedidos: Promise<unknown>[] = [cargar({ queryKey: CLAVE_SESION, queryFn: () => cliente.session() })];
  if (camino === '/admin')
    pedidos.push(
      cargar({ queryKey: CLAVE_INICIO, queryFn: () => cliente.home() }),
      cargar({ queryKey: CLAVE_PUBLICACION, queryFn: () => cliente.publishingStatus() }),
    );
  else if (/^\/admin\/pedidos\/\d+$/.test(camino)) pedidos.push(import('./pedidos/DetallePedido.tsx'));
  else if (camino === '/admin/pedidos') {
    const filtro = pedidoDeUrl(busqueda);
    pedidos.push(import('./pedidos/Pedidos.tsx'), cargar({ queryKey: ['pedidos', filtro], queryFn: () => cliente.ordersPage(filtro) }));
  }
  return pedidos;
}
