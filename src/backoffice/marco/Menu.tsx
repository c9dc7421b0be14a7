import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { PersonaSesion } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';

/** The menu's entries; `dueno` ones are hidden from staff (the API refuses them too). */
const ENTRADAS = [
  { ruta: '/', texto: 'Inicio' },
  { ruta: '/pedidos', texto: 'Pedidos' },
  { ruta: '/productos', texto: 'Productos' },
  { ruta: '/stock', texto: 'Stock' },
  { ruta: '/cupones', texto: 'Cupones' },
  { ruta: '/contenido', texto: 'Contenido' },
  { ruta: '/reclamos', texto: 'Reclamos' },
  { ruta: '/resenas', texto: 'Reseñas' },
  { ruta: '/comprobantes', texto: 'Comprobantes' },
  { ruta: '/clientes', texto: 'Clientes' },
  { ruta: '/cierre', texto: 'Cierre y ventas' },
  { ruta: '/envios', texto: 'Envíos', dueno: true },
  { ruta: '/tienda', texto: 'Tienda', dueno: true },
  { ruta: '/personal', texto: 'Personal', dueno: true },
  { ruta: '/claves', texto: 'Claves de API', dueno: true },
  { ruta: '/auditoria', texto: 'Auditoría', dueno: true },
  { ruta: '/cuenta', texto: 'Mi cuenta' },
] as const;

/** Whether `ruta` is the screen open now (a list's detail counts as the list). */
const esActual = (ruta: string, ubicacion: string) =>
  ruta === '/' ? ubicacion === '/' : ubicacion === ruta || ubicacion.startsWith(`${ruta}/`);

/** The app's menu: its screens for this role, who is signed in and 'Salir'. */
export default function Menu({ persona, rol }: { persona: PersonaSesion; rol: string }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [ubicacion, navegar] = useLocation();
  const [saliendo, setSaliendo] = useState(false);
  const lista = useRef<HTMLUListElement>(null);
  // On a phone the menu is one row that scrolls sideways: the open screen's entry is kept in view.
  useEffect(() => {
    lista.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [ubicacion]);
  const salir = async () => {
    setSaliendo(true);
    try {
      await cliente.signOut();
    } catch {
      // The session may already be over: signing out ends here either way.
    }
    consultas.clear();
    navegar('/ingresar', { replace: true });
  };
  return (
    <header className="bo-menu">
      <a className="bo-saltar" href="#contenido">
        Saltar al contenido
      </a>
      <p className="bo-menu__marca">
        K-Beauty Perú <span>Panel</span>
      </p>
      <nav aria-label="Menú del panel">
        <ul className="bo-menu__lista" ref={lista}>
          {ENTRADAS.filter((entrada) => !('dueno' in entrada) || persona.rol === 'dueno').map((entrada) => (
            <li key={entrada.ruta}>
              <Link href={entrada.ruta} aria-current={esActual(entrada.ruta, ubicacion) ? 'page' : undefined}>
                {entrada.texto}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="bo-menu__persona">
        <p>
          <strong>{persona.nombre}</strong> <span className="bo-menu__rol">{rol}</span>
        </p>
        <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => void salir()} disabled={saliendo}>
          Salir
        </button>
      </div>
    </header>
  );
}
