import { createContext, useContext } from 'react';
import type { PersonaSesion } from '../../lib/api/backoffice-schemas.ts';

const SesionContexto = createContext<PersonaSesion | null>(null);

/** Gives the screens the signed-in person. */
export const ProveedorSesion = SesionContexto.Provider;

/** The signed-in person (inside ConSesion). */
export function usePersona(): PersonaSesion {
  const persona = useContext(SesionContexto);
  if (!persona) throw new Error('usePersona fuera de ConSesion');
  return persona;
}

/** The query key of GET /sesion. */
export const CLAVE_SESION = ['sesion'] as const;
