import { CLAVE_PUBLICACION } from '../arranque.ts';
import { EstadoPublicacion } from '../marco/EstadoPublicacion.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { esCci, MENSAJE_CCI } from '../../lib/comprobantes/cci.ts';
import { rucRefusal } from '../../lib/comprobantes/ruc.ts';
import type { AjustesTienda, AjustesTiendaRespuesta } from '../../lib/api/tienda-schemas.ts';
import { MENSAJE_DIA_NO_LABORABLE } from '../../lib/api/reclamos-rules.ts';
import { esFechaIso } from '../../lib/dates.ts';
import { RECLAMOS } from '../../lib/tienda.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora } from '../formato.ts';
import { Campo, Texto } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla, SoloDueno } from '../marco/Pantalla.tsx';
import { ReautenticacionCancelada, useReautenticar } from '../marco/Reautenticar.tsx';

/** The form's values: the settings with the amounts as typed (text), so a half-typed figure is never a number; each closed day a row. */
type Valores = Omit<AjustesTienda, 'envioGratisDesde' | 'devolucionDias' | 'diasNoLaborables'> & {
  envioGratisDesde: string;
  devolucionDias: string;
  diasNoLaborables: { dia: string }[];
};

const aValores = (ajustes: AjustesTienda): Valores => ({
  ...structuredClone(ajustes),
  envioGratisDesde: String(ajustes.envioGratisDesde),
  devolucionDias: String(ajustes.devolucionDias),
  diasNoLaborables: ajustes.diasNoLaborables.map((dia) => ({ dia })),
});

/** The same rules as the server's (tienda-schemas.ts), spelled here so the screen loads no zod; the server checks again. */
const REGLAS = {
  obligatorio: (texto: string) => ({ validate: (valor: string) => valor.trim() !== '' || texto }),
  serie: (letra: 'B' | 'F', nombre: string) => ({
    validate: (valor: string) =>
      new RegExp(`^${letra}[A-Z0-9]{3}$`).test(valor.trim().toUpperCase()) ||
      `La serie de ${nombre} debe tener 4 caracteres y empezar con ${letra}, por ejemplo ${letra}001.`,
  }),
};

/** 'Datos de la tienda': the company on the receipts, their series, the transfer accounts, the shop's e-mail, free shipping, returns and pickup points. */
export default function Tienda() {
  return (
    <SoloDueno>
      <DatosTienda />
    </SoloDueno>
  );
}

function DatosTienda() {
  const cliente = useCliente();
  const ajustes = useQuery({ queryKey: ['tienda-ajustes'], queryFn: () => cliente.shopSettings() });
  return (
    <Pantalla titulo="Datos de la tienda">
      {ajustes.isPending ? (
        <Cargando />
      ) : ajustes.isError ? (
        <p role="alert">{mensajeDe(ajustes.error)}</p>
      ) : (
        <Formulario respuesta={ajustes.data} />
      )}
    </Pantalla>
  );
}

function Formulario({ respuesta }: { respuesta: AjustesTiendaRespuesta }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const { register, control, handleSubmit, reset, formState } = useForm<Valores>({ defaultValues: aValores(respuesta.ajustes) });
  const cuentas = useFieldArray({ control, name: 'cuentas' });
  const puntos = useFieldArray({ control, name: 'puntosRecojo', keyName: 'clave' });
  const cerrados = useFieldArray({ control, name: 'diasNoLaborables' });
  const e = formState.errors;
  const guardar = handleSubmit(
    async (valores) => {
      setAviso({});
      try {
        const guardado = await conReautenticacion(() =>
          cliente.saveShopSettings({
            ...valores,
            series: {
              boleta: valores.series.boleta.toUpperCase(),
              factura: valores.series.factura.toUpperCase(),
              notaBoleta: valores.series.notaBoleta.toUpperCase(),
              notaFactura: valores.series.notaFactura.toUpperCase(),
            },
            envioGratisDesde: Number(valores.envioGratisDesde.replace(',', '.')),
            devolucionDias: Number(valores.devolucionDias),
            diasNoLaborables: valores.diasNoLaborables.map(({ dia }) => dia.trim()).filter(Boolean),
          }),
        );
        reset(aValores(guardado.ajustes));
        consultas.setQueryData(['tienda-ajustes'], guardado);
        await Promise.all([
          consultas.invalidateQueries({ queryKey: ['inicio'] }),
          consultas.invalidateQueries({ queryKey: CLAVE_PUBLICACION }),
        ]);
        setAviso({
          ok: 'Guardamos los datos de la tienda. Los próximos comprobantes y compras ya los usan; las páginas de la tienda, cuando se publiquen.',
        });
      } catch (fallo) {
        if (!(fallo instanceof ReautenticacionCancelada)) setAviso({ error: mensajeDe(fallo) });
      }
    },
    (errores) => setAviso({ error: primerProblema(errores) }),
  );
  return (
    <form className="bo-tienda" onSubmit={(event) => void guardar(event)} noValidate>
      {respuesta.avisos.length > 0 && (
        <ul className="bo-tienda__avisos" aria-label="Por revisar">
          {respuesta.avisos.map((texto) => (
            <li key={texto} className="bo-aviso__error">
              {texto}
            </li>
          ))}
        </ul>
      )}
      <p className="bo-nota">
        {respuesta.actualizado
          ? `Guardado por ${respuesta.actualizadoPor ?? '—'} el ${fechaHora(respuesta.actualizado)}.`
          : 'Aún no se guardó: son los valores iniciales de la configuración.'}
      </p>

      <fieldset className="card bo-tienda__grupo">
        <legend>Empresa en los comprobantes</legend>
        <Campo
          etiqueta="RUC"
          inputMode="numeric"
          maxLength={11}
          problema={e.ruc?.message}
          {...register('ruc', { validate: (valor) => rucRefusal(valor) ?? true })}
        />
        <Campo
          etiqueta="Razón social"
          problema={e.razonSocial?.message}
          {...register('razonSocial', REGLAS.obligatorio('Escribe la razón social.'))}
        />
        <Campo
          etiqueta="Dirección fiscal"
          problema={e.direccion?.message}
          {...register('direccion', REGLAS.obligatorio('Escribe la dirección fiscal.'))}
        />
      </fieldset>

      <fieldset className="card bo-tienda__grupo bo-tienda__series">
        <legend>Series de comprobantes</legend>
        <Campo etiqueta="Boletas" problema={e.series?.boleta?.message} {...register('series.boleta', REGLAS.serie('B', 'boletas'))} />
        <Campo etiqueta="Facturas" problema={e.series?.factura?.message} {...register('series.factura', REGLAS.serie('F', 'facturas'))} />
        <Campo
          etiqueta="Notas de crédito de boletas"
          problema={e.series?.notaBoleta?.message}
          {...register('series.notaBoleta', REGLAS.serie('B', 'notas de crédito de boletas'))}
        />
        <Campo
          etiqueta="Notas de crédito de facturas"
          problema={e.series?.notaFactura?.message}
          {...register('series.notaFactura', REGLAS.serie('F', 'notas de crédito de facturas'))}
        />
        <p className="bo-nota">Cada serie numera sus comprobantes desde el 1; las notas de crédito usan una serie propia.</p>
      </fieldset>

      <fieldset className="card bo-tienda__grupo">
        <legend>Cuentas para transferencias</legend>
        {cuentas.fields.length === 0 && <p className="bo-nota">Sin cuentas, el checkout no ofrece transferencia bancaria.</p>}
        {cuentas.fields.map((campo, i) => (
          <div key={campo.id} className="bo-tienda__cuenta" role="group" aria-label={`Cuenta ${i + 1}`}>
            <Campo
              etiqueta={`Banco de la cuenta ${i + 1}`}
              problema={e.cuentas?.[i]?.banco?.message}
              {...register(`cuentas.${i}.banco`, REGLAS.obligatorio('Escribe el banco.'))}
            />
            <Campo
              etiqueta={`Número de la cuenta ${i + 1}`}
              problema={e.cuentas?.[i]?.cuenta?.message}
              {...register(`cuentas.${i}.cuenta`, REGLAS.obligatorio('Escribe el número de cuenta.'))}
            />
            <Campo
              etiqueta={`CCI de la cuenta ${i + 1}`}
              inputMode="numeric"
              problema={e.cuentas?.[i]?.cci?.message}
              {...register(`cuentas.${i}.cci`, {
                validate: (valor) => esCci(valor) || MENSAJE_CCI,
              })}
            />
            <Campo
              etiqueta={`Titular de la cuenta ${i + 1}`}
              problema={e.cuentas?.[i]?.titular?.message}
              {...register(`cuentas.${i}.titular`, REGLAS.obligatorio('Escribe el titular de la cuenta.'))}
            />
            <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => cuentas.remove(i)}>
              Quitar la cuenta {i + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          onClick={() => cuentas.append({ banco: '', cuenta: '', cci: '', titular: respuesta.ajustes.razonSocial })}
        >
          Agregar cuenta
        </button>
      </fieldset>

      <fieldset className="card bo-tienda__grupo bo-tienda__series">
        <legend>Correo, envío gratis y devoluciones</legend>
        <Campo
          etiqueta="Correo de la tienda"
          type="email"
          pista="Recibe los avisos de pedidos pagados, reclamos y pagos por revisar."
          problema={e.correoTienda?.message}
          {...register('correoTienda', {
            validate: (valor) =>
              /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(valor.trim()) || 'El correo de la tienda no es válido, por ejemplo pedidos@tutienda.pe.',
          })}
        />
        <Campo
          etiqueta="Envío gratis en compras mayores a (S/)"
          inputMode="decimal"
          pista="El carrito y el checkout usan el mismo monto."
          problema={e.envioGratisDesde?.message}
          {...register('envioGratisDesde', {
            validate: (valor) =>
              (/^\d{1,6}([.,]\d{1,2})?$/.test(valor.trim()) && Number(valor.replace(',', '.')) <= 100_000) ||
              'Escribe el monto en soles, por ejemplo 250 o 199.90.',
          })}
        />
        <Campo
          etiqueta="Plazo de devolución (días desde la entrega)"
          inputMode="numeric"
          problema={e.devolucionDias?.message}
          {...register('devolucionDias', {
            validate: (valor) =>
              (/^\d{1,3}$/.test(valor.trim()) && Number(valor) >= 1 && Number(valor) <= 365) || 'Escribe un número de días de 1 a 365.',
          })}
        />
      </fieldset>

      <fieldset className="card bo-tienda__grupo">
        <legend>Puntos de recojo</legend>
        {puntos.fields.map((punto, i) => (
          <div key={punto.clave} className="bo-tienda__cuenta" role="group" aria-labelledby={`bo-punto-${i}`}>
            <h2 id={`bo-punto-${i}`}>{punto.metodo}</h2>
            <Campo
              etiqueta={`Dirección de ${punto.metodo}`}
              problema={e.puntosRecojo?.[i]?.direccion?.message}
              {...register(`puntosRecojo.${i}.direccion`, REGLAS.obligatorio('Escribe la dirección del punto de recojo.'))}
            />
            <Campo
              etiqueta={`Horario de ${punto.metodo}`}
              problema={e.puntosRecojo?.[i]?.horario?.message}
              {...register(`puntosRecojo.${i}.horario`, REGLAS.obligatorio('Escribe el horario del punto de recojo.'))}
            />
            <Texto
              etiqueta={`Instrucciones de ${punto.metodo}`}
              rows={2}
              problema={e.puntosRecojo?.[i]?.instrucciones?.message}
              {...register(`puntosRecojo.${i}.instrucciones`, REGLAS.obligatorio('Escribe las instrucciones del punto de recojo.'))}
            />
          </div>
        ))}
      </fieldset>

      <fieldset className="card bo-tienda__grupo">
        <legend>Días que la tienda no atiende</legend>
        <p className="bo-nota">
          Además de sábados, domingos y feriados nacionales, estos días no cuentan en el plazo de {RECLAMOS.plazoDiasHabiles} días hábiles
          para responder el Libro de Reclamaciones (las hojas nuevas y los días que les quedan a las pendientes).
        </p>
        {cerrados.fields.length === 0 && <p className="bo-nota">No hay días propios: solo cuentan los feriados nacionales.</p>}
        {cerrados.fields.map((campo, i) => (
          <div key={campo.id} className="bo-tienda__dia" role="group" aria-label={`Día no laborable ${i + 1}`}>
            <Campo
              etiqueta={`Día no laborable ${i + 1}`}
              type="date"
              problema={e.diasNoLaborables?.[i]?.dia?.message}
              {...register(`diasNoLaborables.${i}.dia`, { validate: (valor) => esFechaIso(valor.trim()) || MENSAJE_DIA_NO_LABORABLE })}
            />
            <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => cerrados.remove(i)}>
              Quitar el día {i + 1}
            </button>
          </div>
        ))}
        {cerrados.fields.length < RECLAMOS.diasNoLaborablesMaximos && (
          <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => cerrados.append({ dia: '' })}>
            Agregar día no laborable
          </button>
        )}
      </fieldset>

      <div className="bo-tienda__guardar">
        <Aviso error={aviso.error} ok={aviso.ok} />
        {aviso.ok && <EstadoPublicacion />}
        <button type="submit" className="btn" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Guardando…' : 'Guardar cambios'}
        </button>
      </div>
    </form>
  );
}

/** The first field's problem, said above the button (a phone may not show the field). */
function primerProblema(errores: FieldErrors<Valores>): string {
  const buscar = (nodo: unknown): string | undefined => {
    if (!nodo || typeof nodo !== 'object') return undefined;
    const mensaje = (nodo as { message?: unknown }).message;
    if (typeof mensaje === 'string' && mensaje) return mensaje;
    for (const hijo of Object.values(nodo)) {
      if (hijo && typeof hijo === 'object' && hijo !== nodo && !('nodeType' in hijo)) {
        const encontrado = buscar(hijo);
        if (encontrado) return encontrado;
      }
    }
    return undefined;
  };
  return buscar(errores) ?? 'Revisa los datos marcados.';
}
