import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { usePersona } from './sesion.ts';

/** One screen: its title in the tab and as the page's heading, which takes focus when the screen opens (a screen reader hears where it is). */
export function Pantalla({ titulo, acciones, children }: { titulo: string; acciones?: ReactNode; children: ReactNode }) {
  const encabezado = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${titulo} · Panel · K-Beauty Perú`;
    encabezado.current?.focus({ preventScroll: true });
  }, [titulo]);
  return (
    <section className="bo-pantalla" aria-labelledby="bo-titulo">
      <header className="bo-pantalla__cabeza">
        <h1 id="bo-titulo" ref={encabezado} tabIndex={-1}>
          {titulo}
        </h1>
        {acciones}
      </header>
      {children}
    </section>
  );
}

/** Waiting for the shop's answer. */
export function Cargando({ texto = 'Cargando…' }: { texto?: string }) {
  return (
    <p className="bo-cargando" role="status">
      <span className="kb-spinner" aria-hidden="true" />
      {texto}
    </p>
  );
}

/** A path of the app that is no screen. */
export function NoEncontrada() {
  return (
    <Pantalla titulo="No encontramos esta página">
      <p>
        Vuelve al <Link href="/">inicio del panel</Link>.
      </p>
    </Pantalla>
  );
}

/** Screens only the owner opens (people, keys): staff see why instead. */
export function SoloDueno({ children }: { children: ReactNode }) {
  const persona = usePersona();
  if (persona.rol === 'dueno') return children;
  return (
    <Pantalla titulo="Sin acceso">
      <p>Esta sección es solo para la dueña o el dueño de la tienda.</p>
    </Pantalla>
  );
}

/** A live region for what a call answered: errors read at once, confirmations politely. */
export function Aviso({ error, ok }: { error?: string | null; ok?: string | null }) {
  return (
    <div className="bo-aviso" aria-live="polite">
      {error ? (
        <p className="bo-aviso__error" role="alert">
          {error}
        </p>
      ) : ok ? (
        <p className="bo-aviso__ok">{ok}</p>
      ) : null}
    </div>
  );
}
