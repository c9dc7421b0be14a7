import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { NOMBRE_ROL } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';
import { esSesionVencida, mensajeDe } from '../errores.ts';
import Menu from './Menu.tsx';
import { Cargando, Pantalla } from './Pantalla.tsx';
import { CLAVE_SESION, ProveedorSesion } from './sesion.ts';

const INGRESAR = '/admin/ingresar';

/** Where 'Ingresar' sends back to: a path of the app (never another site), else the home. */
export function destinoSeguro(volver: string | null): string {
  return volver && /^\/admin(?:[/?]|$)/.test(volver) && !volver.startsWith(INGRESAR) ? volver : '/admin';
}

/** Sends to 'Ingresar', remembering the page to come back to (a 401: the session ended). */
export function irAIngresar(): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith(INGRESAR) || pathname.startsWith('/admin/invitacion')) return;
  navigate(`${INGRESAR}?volver=${encodeURIComponent(pathname + search)}`, { replace: true });
}

/** The screens of a signed-in person: the session is asked first; without one, 'Ingresar'. */
export function ConSesion({ children }: { children: ReactNode }) {
  const cliente = useCliente();
  const sesion = useQuery({ queryKey: CLAVE_SESION, queryFn: () => cliente.session() });
  if (sesion.isPending) return <Cargando />;
  if (sesion.isError) {
    if (esSesionVencida(sesion.error)) return <Cargando />;
    return (
      <Pantalla titulo="No pudimos abrir el panel">
        <p role="alert">{mensajeDe(sesion.error)}</p>
        <button type="button" className="btn" onClick={() => void sesion.refetch()}>
          Reintentar
        </button>
      </Pantalla>
    );
  }
  const persona = sesion.data.persona;
  return (
    <ProveedorSesion value={persona}>
      <div className="bo-marco">
        <Menu persona={persona} rol={NOMBRE_ROL[persona.rol]} />
        <main id="contenido" className="bo-contenido">
          {children}
        </main>
      </div>
    </ProveedorSesion>
  );
}
