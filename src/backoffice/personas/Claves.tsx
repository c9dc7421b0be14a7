import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NOMBRE_ROL, ROLES, type ClaveCreada, type Rol } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe, pideReautenticar } from '../errores.ts';
import { fechaHora } from '../formato.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla, SoloDueno } from '../marco/Pantalla.tsx';
import { useReautenticar } from '../marco/Reautenticar.tsx';
import Copiar from './Copiar.tsx';

/** 'Claves de API' (owner only): named keys for the command line and scripts; a key's secret is shown once. */
export default function Claves() {
  return (
    <SoloDueno>
      <ListaClaves />
    </SoloDueno>
  );
}

function ListaClaves() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const claves = useQuery({ queryKey: ['claves'], queryFn: () => cliente.apiKeys() });
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const [creada, setCreada] = useState<ClaveCreada | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<{ nombre: string; rol: Rol }>({
    defaultValues: { nombre: '', rol: 'personal' },
  });
  const crear = handleSubmit(async (datos) => {
    setAviso({});
    setCreada(null);
    try {
      const nueva = await conReautenticacion(() => cliente.createApiKey({ nombre: datos.nombre.trim(), rol: datos.rol }));
      setCreada(nueva);
      setAviso({ ok: nueva.mensaje });
      reset({ nombre: '', rol: 'personal' });
      await consultas.invalidateQueries({ queryKey: ['claves'] });
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    }
  });
  const revocar = async (id: number) => {
    setAviso({});
    try {
      setAviso({ ok: (await conReautenticacion(() => cliente.revokeApiKey(id))).mensaje });
      await consultas.invalidateQueries({ queryKey: ['claves'] });
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    }
  };
  return (
    <Pantalla titulo="Claves de API">
      <p>
        Las claves dejan que la línea de comandos o un programa trabajen con la tienda. Cada acción queda registrada con el nombre de la
        clave.
      </p>
      <Aviso error={aviso.error} ok={aviso.ok} />
      <section className="card" aria-labelledby="bo-nueva-clave">
        <h2 id="bo-nueva-clave">Crear una clave</h2>
        <form className="bo-form bo-form--fila" onSubmit={(event) => void crear(event)} noValidate>
          <Campo
            etiqueta="Nombre"
            pista="Para reconocerla: «Laptop de Ana», «Importación diaria»."
            autoComplete="off"
            required
            problema={formState.errors.nombre?.message}
            {...register('nombre', { validate: (nombre) => nombre.trim() !== '' || 'Escribe un nombre para la clave.' })}
          />
          <Selector etiqueta="Rol" defaultValue="personal" {...register('rol')}>
            {ROLES.map((rol) => (
              <option key={rol} value={rol}>
                {NOMBRE_ROL[rol]}
              </option>
            ))}
          </Selector>
          <button type="submit" className="btn bo-btn--sm" disabled={formState.isSubmitting}>
            Crear clave
          </button>
        </form>
        {creada && (
          <div className="bo-secreto">
            <p>
              <strong>Copia la clave ahora:</strong> no volverá a mostrarse.
            </p>
            <p>
              <code>{creada.secreto}</code>
            </p>
            <Copiar texto={creada.secreto} etiqueta="Copiar clave" />
          </div>
        )}
      </section>
      {claves.isPending ? (
        <Cargando />
      ) : claves.isError ? (
        <>
          <p role="alert">{mensajeDe(claves.error)}</p>
          {pideReautenticar(claves.error) && (
            <button
              type="button"
              className="btn"
              onClick={() =>
                void conReautenticacion(() => cliente.apiKeys()).then(
                  () => claves.refetch(),
                  (fallo: unknown) => setAviso({ error: mensajeDe(fallo) }),
                )
              }
            >
              Confirmar que soy yo
            </button>
          )}
        </>
      ) : claves.data.claves.length === 0 ? (
        <p className="bo-vacio">Aún no hay claves.</p>
      ) : (
        <ul className="bo-personas">
          {claves.data.claves.map((clave) => (
            <li key={clave.id} className="card bo-persona">
              <p>
                <strong>{clave.nombre}</strong> · <code>{clave.prefijo}</code>
              </p>
              <p className="bo-nota">
                Creada {fechaHora(clave.creada)} por {clave.creadaPor} · último uso {clave.ultimoUso ? fechaHora(clave.ultimoUso) : 'nunca'}
                {clave.revocada && ` · revocada ${fechaHora(clave.revocada)}`}
              </p>
              {!clave.revocada && (
                <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => void revocar(clave.id)}>
                  Revocar {clave.nombre}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Pantalla>
  );
}
