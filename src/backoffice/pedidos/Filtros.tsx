import { useForm } from 'react-hook-form';
import { ORDENES_PEDIDOS, type FiltroPedidos, type OrdenPedidos } from '../../lib/api/backoffice-schemas.ts';
import { ESTADOS_PEDIDO, type EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { METODOS_PAGO } from '../../lib/api/metodos-pago.ts';
import { ESTADO_PANEL } from '../formato.ts';
import { Campo, Selector } from '../marco/Campo.tsx';

const NOMBRE_ORDEN: Record<OrdenPedidos, string> = {
  reciente: 'Más recientes primero',
  antiguo: 'Más antiguos primero',
  'total-mayor': 'Mayor total primero',
  'total-menor': 'Menor total primero',
};

interface Valores {
  q: string;
  estado: string;
  metodo: string;
  entrega: string;
  distrito: string;
  desde: string;
  hasta: string;
  orden: string;
}

const valoresDe = (filtro: FiltroPedidos): Valores => ({
  q: filtro.q ?? '',
  estado: filtro.estado?.[0] ?? '',
  metodo: filtro.metodo ?? '',
  entrega: filtro.entrega ?? '',
  distrito: filtro.distrito ?? '',
  desde: filtro.desde ?? '',
  hasta: filtro.hasta ?? '',
  orden: filtro.orden ?? '',
});

/** The orders list's search and filters: applied together when sent ('Filtrar'), so the list is asked once. */
export default function Filtros({ filtro, alFiltrar }: { filtro: FiltroPedidos; alFiltrar: (cambio: Partial<FiltroPedidos>) => void }) {
  const { register, handleSubmit, reset } = useForm<Valores>({ values: valoresDe(filtro) });
  const aplicar = handleSubmit((valores) =>
    alFiltrar({
      q: valores.q.trim() || undefined,
      estado: valores.estado ? [valores.estado as EstadoPedido] : undefined,
      metodo: valores.metodo || undefined,
      entrega: valores.entrega === 'recojo' || valores.entrega === 'envio' ? valores.entrega : undefined,
      distrito: valores.distrito.trim() || undefined,
      desde: valores.desde || undefined,
      hasta: valores.hasta || undefined,
      orden: (valores.orden || undefined) as OrdenPedidos | undefined,
    }),
  );
  return (
    <form className="bo-filtros" role="search" aria-label="Buscar y filtrar pedidos" onSubmit={(event) => void aplicar(event)}>
      <Campo
        etiqueta="Buscar"
        type="search"
        pista="Número de pedido, nombre, correo o documento."
        className="bo-filtros__buscar"
        {...register('q')}
      />
      <details
        className="bo-filtros__mas"
        open={Boolean(filtro.estado || filtro.metodo || filtro.entrega || filtro.distrito || filtro.desde || filtro.hasta)}
      >
        <summary>Más filtros</summary>
        <div className="bo-filtros__rejilla">
          <Selector etiqueta="Estado" {...register('estado')}>
            <option value="">Todos</option>
            {ESTADOS_PEDIDO.map((estado) => (
              <option key={estado} value={estado}>
                {ESTADO_PANEL[estado]}
              </option>
            ))}
          </Selector>
          <Selector etiqueta="Método de pago" {...register('metodo')}>
            <option value="">Todos</option>
            {METODOS_PAGO.map((metodo) => (
              <option key={metodo.id} value={metodo.id}>
                {metodo.nombre}
              </option>
            ))}
          </Selector>
          <Selector etiqueta="Entrega" {...register('entrega')}>
            <option value="">Todas</option>
            <option value="envio">Envío a domicilio</option>
            <option value="recojo">Recojo en tienda</option>
          </Selector>
          <Campo etiqueta="Distrito" autoComplete="off" {...register('distrito')} />
          <Campo etiqueta="Desde" type="date" {...register('desde')} />
          <Campo etiqueta="Hasta" type="date" {...register('hasta')} />
          <Selector etiqueta="Orden" {...register('orden')}>
            <option value="">Más recientes primero</option>
            {ORDENES_PEDIDOS.filter((orden) => orden !== 'reciente').map((orden) => (
              <option key={orden} value={orden}>
                {NOMBRE_ORDEN[orden]}
              </option>
            ))}
          </Selector>
        </div>
      </details>
      <div className="bo-acciones">
        <button type="submit" className="btn bo-btn--sm">
          Filtrar
        </button>
        <button
          type="button"
          className="btn btn--ghost bo-btn--sm"
          onClick={() => {
            reset(valoresDe({}));
            alFiltrar({
              q: undefined,
              estado: undefined,
              metodo: undefined,
              entrega: undefined,
              distrito: undefined,
              desde: undefined,
              hasta: undefined,
              orden: undefined,
            });
          }}
        >
          Limpiar
        </button>
      </div>
    </form>
  );
}
