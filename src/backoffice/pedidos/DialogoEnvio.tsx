import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FilaPedido } from '../../lib/api/backoffice-schemas.ts';
import { COURIERS } from '../../lib/tienda.ts';
import Modal from '../../ui/Modal.tsx';
import type { LotePedidos } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Aviso } from '../marco/Pantalla.tsx';
import { idDeCourier, recordarCourier, ultimoCourier } from './courier.ts';

interface Valores {
  envios: { courier: string; guia: string }[];
  avisar: boolean;
}

/** 'Marcar enviados': a courier and a guía for each chosen delivery order (the courier prefilled with the last used), in one call. */
export default function DialogoEnvio({
  pedidos,
  alCerrar,
  alEnviar,
}: {
  pedidos: FilaPedido[];
  alCerrar: () => void;
  alEnviar: (lote: LotePedidos) => Promise<void>;
}) {
  const conEnvio = pedidos.filter((pedido) => !pedido.recojo);
  const deRecojo = pedidos.length - conEnvio.length;
  const previo = ultimoCourier() ?? COURIERS[0].id;
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues, setValue } = useForm<Valores>({
    defaultValues: {
      envios: conEnvio.map((pedido) => ({ courier: idDeCourier(pedido.courier) ?? previo, guia: pedido.guia ?? '' })),
      avisar: true,
    },
  });
  const enviar = handleSubmit(async ({ envios, avisar }) => {
    setError(null);
    try {
      await alEnviar({
        ids: conEnvio.map((pedido) => pedido.idVenta),
        estado: 'EN TRANSITO',
        envios: conEnvio.map((pedido, indice) => ({
          idVenta: pedido.idVenta,
          courier: envios[indice]!.courier,
          guia: envios[indice]!.guia.trim(),
        })),
        avisar,
      });
      const ultimo = envios.at(-1)?.courier;
      if (ultimo) recordarCourier(ultimo);
    } catch (fallo) {
      setError(mensajeDe(fallo));
    }
  });
  /** The rows whose courier the person chose: a later choice above never changes them (even when it equals the prefill). */
  const elegidos = useRef(new Set<number>());
  /** A courier chosen in one row becomes the default of the rows below still on the first prefill and not chosen by hand. */
  const elegirCourier = (indice: number, courier: string) => {
    elegidos.current.add(indice);
    const envios = getValues('envios');
    for (let abajo = indice + 1; abajo < envios.length; abajo++)
      if (!elegidos.current.has(abajo) && envios[abajo]!.courier === previo) setValue(`envios.${abajo}.courier`, courier);
  };
  return (
    <Modal title="Marcar enviados" lead="Escribe el courier y el número de guía de cada pedido." size="wide" onClose={alCerrar}>
      <form className="bo-form bo-dialogo" onSubmit={(event) => void enviar(event)} noValidate>
        {deRecojo > 0 && (
          <p className="bo-nota">
            {deRecojo === 1 ? '1 pedido elegido es' : `${deRecojo} pedidos elegidos son`} de recojo en tienda: no se envían (usa «Listo para
            recoger» en el pedido).
          </p>
        )}
        {conEnvio.length === 0 ? (
          <p>No elegiste pedidos con envío a domicilio.</p>
        ) : (
          <ol className="bo-envios">
            {conEnvio.map((pedido, indice) => (
              <li key={pedido.idVenta} className="bo-envios__fila">
                <p className="bo-envios__pedido">
                  <strong>N.° {pedido.idVenta}</strong> · {pedido.cliente} · {pedido.distrito}
                </p>
                <Selector
                  etiqueta={`Courier del pedido ${pedido.idVenta}`}
                  defaultValue={idDeCourier(pedido.courier) ?? previo}
                  {...register(`envios.${indice}.courier`, { onChange: (event) => elegirCourier(indice, event.target.value) })}
                >
                  {COURIERS.map((courier) => (
                    <option key={courier.id} value={courier.id}>
                      {courier.nombre}
                    </option>
                  ))}
                </Selector>
                <Campo
                  etiqueta={`Guía del pedido ${pedido.idVenta}`}
                  autoComplete="off"
                  required
                  problema={formState.errors.envios?.[indice]?.guia?.message}
                  {...register(`envios.${indice}.guia`, {
                    required: 'Escribe el número de guía.',
                    pattern: { value: /^\s*[A-Za-z0-9-]{4,40}\s*$/, message: 'De 4 a 40 letras, números o guiones.' },
                  })}
                />
              </li>
            ))}
          </ol>
        )}
        <label className="bo-casilla">
          <input type="checkbox" {...register('avisar')} /> Avisar al cliente por correo
        </label>
        <Aviso error={error} />
        <div className="bo-acciones">
          <button type="button" className="btn btn--ghost" onClick={alCerrar}>
            Cancelar
          </button>
          <button type="submit" className="btn" disabled={formState.isSubmitting || conEnvio.length === 0}>
            Marcar {conEnvio.length} {conEnvio.length === 1 ? 'enviado' : 'enviados'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
