import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import Modal from '../../ui/Modal.tsx';
import { useCliente } from '../cliente.ts';
import { mensajeDe, pideReautenticar } from '../errores.ts';
import { Campo, CODIGO_TOTP } from './Campo.tsx';
import { Aviso } from './Pantalla.tsx';
import { CLAVE_SESION } from './sesion.ts';

/** Runs a call that may need a fresh sign-in: on the API's 403 it asks the password and a code, then tries once more. */
type ConReautenticacion = <T>(llamada: () => Promise<T>) => Promise<T>;

const Contexto = createContext<ConReautenticacion>((llamada) => llamada());

/** The re-authentication of money, people and keys: `useReautenticar()(() => cliente.refundOrder(…))`. */
export const useReautenticar = () => useContext(Contexto);

/** Cancelled by the person: the action is not done (its screen says nothing more). */
export class ReautenticacionCancelada extends Error {
  constructor() {
    super('No se hizo el cambio: hace falta volver a ingresar.');
  }
}

/** Holds the dialog that asks the password and code again, for any screen below it. */
export function ProveedorReautenticacion({ children }: { children: ReactNode }) {
  const [abierto, setAbierto] = useState(false);
  const espera = useRef<{ seguir: () => void; cancelar: () => void } | null>(null);
  const conReautenticacion = useCallback<ConReautenticacion>(async (llamada) => {
    try {
      return await llamada();
    } catch (error) {
      if (!pideReautenticar(error)) throw error;
      await new Promise<void>((seguir, cancelar) => {
        espera.current = { seguir, cancelar: () => cancelar(new ReautenticacionCancelada()) };
        setAbierto(true);
      });
      return llamada();
    }
  }, []);
  const cerrar = (hecho: boolean) => {
    setAbierto(false);
    const pendiente = espera.current;
    espera.current = null;
    if (hecho) pendiente?.seguir();
    else pendiente?.cancelar();
  };
  return (
    <Contexto value={conReautenticacion}>
      {children}
      {abierto && <DialogoReautenticar alTerminar={cerrar} />}
    </Contexto>
  );
}

function DialogoReautenticar({ alTerminar }: { alTerminar: (hecho: boolean) => void }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { contrasena: '', codigo: '' } });
  const enviar = handleSubmit(async ({ contrasena, codigo }) => {
    setError(null);
    try {
      const sesion = await cliente.reauthenticate(contrasena, codigo.trim());
      consultas.setQueryData(CLAVE_SESION, sesion);
      alTerminar(true);
    } catch (fallo) {
      setError(mensajeDe(fallo));
    }
  });
  return (
    <Modal
      title="Confirma que eres tú"
      lead="Por seguridad, vuelve a ingresar tu contraseña y tu código para continuar."
      size="narrow"
      onClose={() => alTerminar(false)}
    >
      <form className="bo-form bo-dialogo" onSubmit={(event) => void enviar(event)}>
        <Campo
          etiqueta="Contraseña"
          type="password"
          autoComplete="current-password"
          required
          {...register('contrasena', { required: true })}
        />
        <Campo
          etiqueta="Código de verificación"
          pista="Los 6 números de tu app, o un código de recuperación."
          required
          autoComplete="one-time-code"
          inputMode={CODIGO_TOTP.inputMode}
          {...register('codigo', { required: true })}
        />
        <Aviso error={error} />
        <div className="bo-acciones">
          <button type="button" className="btn btn--ghost" onClick={() => alTerminar(false)}>
            Cancelar
          </button>
          <button type="submit" className="btn" disabled={formState.isSubmitting}>
            Confirmar y continuar
          </button>
        </div>
      </form>
    </Modal>
  );
}
