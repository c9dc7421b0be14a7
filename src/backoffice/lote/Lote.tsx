import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { FiltroCatalogoConsulta } from '../../lib/api/catalogo-schemas.ts';
import type { CambioLote, CampoLote, FilaLote, ResultadoLoteProductos } from '../../lib/api/lote-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora } from '../formato.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { OpcionesDeLista, OpcionesOferta, OpcionesStock } from '../productos/OpcionesFiltro.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { cambiosDe, type Ediciones } from './ediciones.ts';
import PorFiltro, { type CambioPorFiltro } from './PorFiltro.tsx';
import Rejilla from './Rejilla.tsx';
import VistaPrevia from './VistaPrevia.tsx';

/** What is being previewed: the grid's edits, or one change for the whole filter. */
type Pendiente = { tipo: 'rejilla'; cambios: CambioLote[] } | { tipo: 'filtro'; cambio: CambioPorFiltro; filtro: FiltroCatalogoConsulta };

/** The filter form's values (the catalogue filter's strings). */
interface Valores {
  q: string;
  marca: string;
  stock: string;
  oferta: string;
}

const sinVacios = (valores: Valores): FiltroCatalogoConsulta =>
  Object.fromEntries(Object.entries(valores).filter(([, valor]) => valor.trim() !== '')) as FiltroCatalogoConsulta;

/**
 * 'Edición en bloque' (issue 37 item 3): the filtered products in a grid whose price, discount and its
 * dates, stock and flags are edited in place; every batch previewed ('12 productos, 3 quedan agotados')
 * before it is saved in one go; one change for a whole filter; 'Deshacer el último cambio'.
 */
export default function Lote() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [filtro, setFiltro] = useState<FiltroCatalogoConsulta>({});
  const [pagina, setPagina] = useState(1);
  const [ediciones, setEdiciones] = useState<Ediciones>({});
  const [pendiente, setPendiente] = useState<Pendiente | null>(null);
  const [vista, setVista] = useState<ResultadoLoteProductos | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [confirmarDeshacer, setConfirmarDeshacer] = useState(false);
  const lista = useQuery({
    queryKey: ['lote', filtro, pagina],
    queryFn: () => cliente.bulkRows({ ...filtro, pagina }),
    placeholderData: keepPreviousData,
  });
  const ultimo = useQuery({ queryKey: ['lote-ultimo'], queryFn: () => cliente.lastBulkChange() });
  const cambios = cambiosDe(ediciones);
  const { register, handleSubmit } = useForm<Valores>({ defaultValues: { q: '', marca: '', stock: '', oferta: '' } });

  const editar = (fila: FilaLote, campo: CampoLote, valor: string | boolean) =>
    setEdiciones((antes) => ({
      ...antes,
      [fila.idProducto]: { fila: antes[fila.idProducto]?.fila ?? fila, campos: { ...antes[fila.idProducto]?.campos, [campo]: valor } },
    }));
  const llamar = async (accion: () => Promise<void>) => {
    setError(null);
    setOk(null);
    setOcupado(true);
    try {
      await accion();
    } catch (fallo) {
      setError(mensajeDe(fallo));
    } finally {
      setOcupado(false);
    }
  };
  const enviar = (cual: Pendiente, simulacro: boolean) =>
    cual.tipo === 'rejilla'
      ? cliente.bulkChange({ cambios: cual.cambios, simulacro })
      : cliente.bulkChangeByFilter({ ...cual.cambio, filtro: cual.filtro, simulacro });
  const prever = (cual: Pendiente) =>
    llamar(async () => {
      setVista(null);
      const respuesta = await enviar(cual, true);
      setPendiente(cual);
      setVista(respuesta);
    });
  const guardar = () =>
    llamar(async () => {
      if (!pendiente) return;
      const respuesta = await enviar(pendiente, false);
      if (pendiente.tipo === 'rejilla') setEdiciones({});
      setPendiente(null);
      setVista(null);
      setOk(respuesta.mensaje);
      await consultas.invalidateQueries({ queryKey: ['lote'] });
      await consultas.invalidateQueries({ queryKey: ['lote-ultimo'] });
    });
  const deshacer = (idLote: number) =>
    llamar(async () => {
      setConfirmarDeshacer(false);
      const respuesta = await cliente.undoBulkChange(idLote);
      setEdiciones({});
      setOk(respuesta.mensaje);
      await consultas.invalidateQueries({ queryKey: ['lote'] });
      await consultas.invalidateQueries({ queryKey: ['lote-ultimo'] });
    });
  const filtrar = handleSubmit((valores) => {
    setFiltro(sinVacios(valores));
    setPagina(1);
  });

  const datos = lista.data;
  const paginas = datos ? Math.max(1, Math.ceil(datos.total / datos.porPagina)) : 1;
  const lote = ultimo.data?.lote;
  return (
    <Pantalla
      titulo="Edición en bloque"
      acciones={
        <Link href="/productos" className="btn btn--outline bo-btn--sm">
          Volver a productos
        </Link>
      }
    >
      {lote && (
        <div className="card bo-lote-ultimo" role="group" aria-label="Último cambio en bloque">
          <p>
            Último cambio en bloque: N.° {lote.idLote}, {lote.descripcion} ({lote.productos}{' '}
            {lote.productos === 1 ? 'producto' : 'productos'}, {lote.operador}, {fechaHora(lote.fecha)}).
          </p>
          {confirmarDeshacer ? (
            <p>
              ¿Devolver esos {lote.productos} productos a sus valores anteriores?{' '}
              <button type="button" className="btn bo-btn--sm" disabled={ocupado} onClick={() => void deshacer(lote.idLote)}>
                Sí, deshacer
              </button>{' '}
              <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => setConfirmarDeshacer(false)}>
                No
              </button>
            </p>
          ) : (
            <button type="button" className="btn btn--outline bo-btn--sm" disabled={ocupado} onClick={() => setConfirmarDeshacer(true)}>
              Deshacer el último cambio
            </button>
          )}
        </div>
      )}
      <form className="bo-filtros" role="search" aria-label="Buscar y filtrar productos" onSubmit={(event) => void filtrar(event)}>
        <div className="bo-filtros__rejilla">
          <Campo etiqueta="Buscar" type="search" pista="Nombre, marca o SKU." {...register('q')} />
          <Selector etiqueta="Marca" {...register('marca')}>
            <OpcionesDeLista items={datos?.marcas.map(({ idMarca, nombre }) => ({ id: idMarca, nombre }))} />
          </Selector>
          <Selector etiqueta="Stock" {...register('stock')}>
            <OpcionesStock />
          </Selector>
          <Selector etiqueta="En oferta" {...register('oferta')}>
            <OpcionesOferta />
          </Selector>
        </div>
        <button type="submit" className="btn btn--outline bo-btn--sm bo-lote-filtrar">
          Filtrar
        </button>
      </form>
      <PorFiltro total={datos?.total ?? 0} ocupado={ocupado} alPrever={(cambio) => void prever({ tipo: 'filtro', cambio, filtro })} />
      <div className="bo-lote" role="group" aria-label="Cambios de la tabla">
        <p className="bo-lote__cuenta" aria-live="polite">
          {cambios.length === 0
            ? 'Edita precios, descuentos, stock o insignias en la tabla; nada se guarda sin la vista previa.'
            : `${cambios.length} ${cambios.length === 1 ? 'producto editado' : 'productos editados'}`}
        </p>
        <button
          type="button"
          className="btn bo-btn--sm"
          disabled={!cambios.length || ocupado}
          onClick={() => void prever({ tipo: 'rejilla', cambios })}
        >
          Ver vista previa
        </button>
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          disabled={!cambios.length || ocupado}
          onClick={() => {
            setEdiciones({});
            setVista(null);
            setPendiente(null);
          }}
        >
          Descartar cambios
        </button>
      </div>
      <Aviso error={error} ok={ok} />
      {vista && pendiente && (
        <VistaPrevia vista={vista}>
          <button type="button" className="btn bo-btn--sm" disabled={ocupado || vista.productos === 0} onClick={() => void guardar()}>
            Guardar {vista.productos} {vista.productos === 1 ? 'cambio' : 'cambios'}
          </button>
          <button
            type="button"
            className="btn btn--outline bo-btn--sm"
            onClick={() => {
              setVista(null);
              setPendiente(null);
            }}
          >
            Seguir editando
          </button>
        </VistaPrevia>
      )}
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : datos!.productos.length === 0 ? (
        <p className="bo-vacio">Ningún producto cumple este filtro.</p>
      ) : (
        <>
          <Rejilla filas={datos!.productos} ediciones={ediciones} editar={editar} />
          <nav className="bo-paginas" aria-label="Páginas">
            <p>
              {datos!.total} {datos!.total === 1 ? 'producto' : 'productos'} · página {pagina} de {paginas}
            </p>
            <button type="button" className="btn btn--outline bo-btn--sm" disabled={pagina <= 1} onClick={() => setPagina(pagina - 1)}>
              Anterior
            </button>
            <button
              type="button"
              className="btn btn--outline bo-btn--sm"
              disabled={pagina >= paginas}
              onClick={() => setPagina(pagina + 1)}
            >
              Siguiente
            </button>
          </nav>
        </>
      )}
    </Pantalla>
  );
}
