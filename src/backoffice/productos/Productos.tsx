import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { FiltroCatalogoConsulta } from '../../lib/api/catalogo-schemas.ts';
import type { FilaCatalogo } from '../../lib/api/productos-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { soles } from '../formato.ts';
import { cuantos } from '../libros/Vistas.tsx';
import { Campo, Selector } from '../marco/Campo.tsx';
import { OpcionesDeLista, OpcionesOferta, OpcionesStock } from './OpcionesFiltro.tsx';
import { Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { CLAVES_FILTRO, filtroDeUrl, urlDeFiltro } from './filtro-catalogo.ts';

type Valores = Record<(typeof CLAVES_FILTRO)[number], string>;
const valoresDe = (filtro: FiltroCatalogoConsulta): Valores =>
  Object.fromEntries(CLAVES_FILTRO.map((clave) => [clave, filtro[clave] ?? ''])) as Valores;

/** 'Productos': the catalogue searched and filtered on the server, a page at a time, each product one tap from its form. */
export default function Productos() {
  const cliente = useCliente();
  const [, navegar] = useLocation();
  const { pagina, ...filtro } = filtroDeUrl(useSearch());
  const opciones = useQuery({ queryKey: ['catalogo-opciones'], queryFn: () => cliente.catalogueOptions(), staleTime: 60_000 });
  const lista = useQuery({
    queryKey: ['catalogo', filtro, pagina],
    queryFn: () => cliente.catalogueProducts({ ...filtro, pagina }),
    placeholderData: keepPreviousData,
  });
  const { register, handleSubmit, reset, control } = useForm<Valores>({ values: valoresDe(filtro) });
  const aplicar = handleSubmit((valores) => {
    const nuevo: FiltroCatalogoConsulta = {};
    for (const clave of CLAVES_FILTRO) if (valores[clave].trim()) nuevo[clave] = valores[clave].trim();
    navegar(urlDeFiltro(nuevo));
  });
  const categoria = useWatch({ control, name: 'categoria' });
  const hijas = opciones.data?.hijas.filter((h) => !categoria || String(h.categoriaId) === categoria) ?? [];
  const paginas = lista.data ? Math.max(1, Math.ceil(lista.data.total / lista.data.porPagina)) : 1;
  const masAbierto = CLAVES_FILTRO.some((clave) => clave !== 'q' && filtro[clave]);
  return (
    <Pantalla
      titulo="Productos"
      acciones={
        <div className="bo-acciones">
          <Link href="/productos/nuevo" className="btn bo-btn--sm">
            Nuevo producto
          </Link>
          <Link href="/productos/importar" className="btn btn--ghost bo-btn--sm">
            Importar o exportar
          </Link>
          <Link href="/productos/lote" className="btn btn--ghost bo-btn--sm">
            Editar en bloque
          </Link>
        </div>
      }
    >
      <form className="bo-filtros" role="search" aria-label="Buscar y filtrar productos" onSubmit={(event) => void aplicar(event)}>
        <Campo etiqueta="Buscar" type="search" pista="Nombre, marca o SKU." className="bo-filtros__buscar" {...register('q')} />
        <details className="bo-filtros__mas" open={masAbierto}>
          <summary>Más filtros</summary>
          <div className="bo-filtros__rejilla">
            <Selector etiqueta="Marca" {...register('marca')}>
              <OpcionesDeLista items={opciones.data?.marcas} />
            </Selector>
            <Selector etiqueta="Categoría" {...register('categoria')}>
              <OpcionesDeLista items={opciones.data?.categorias} />
            </Selector>
            <Selector etiqueta="Subcategoría" {...register('hija')}>
              <OpcionesDeLista items={hijas} />
            </Selector>
            <Selector etiqueta="Stock" {...register('stock')}>
              <OpcionesStock />
            </Selector>
            <Selector etiqueta="En oferta" {...register('oferta')}>
              <OpcionesOferta />
            </Selector>
            <Selector etiqueta="Preventa" {...register('preventa')}>
              <option value="">Todos</option>
              <option value="si">En preventa</option>
              <option value="no">Sin preventa</option>
            </Selector>
            <Selector etiqueta="Nuevo" {...register('nuevo')}>
              <option value="">Todos</option>
              <option value="si">Con la etiqueta Nuevo</option>
              <option value="no">Sin la etiqueta Nuevo</option>
            </Selector>
            <Selector etiqueta="Archivados" {...register('archivados')}>
              <option value="">En el catálogo</option>
              <option value="solo">Solo archivados</option>
              <option value="todos">Todos</option>
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
              navegar('/productos');
            }}
          >
            Limpiar
          </button>
        </div>
      </form>
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.productos.length === 0 ? (
        <p className="bo-vacio">Ningún producto coincide. Prueba con menos filtros o crea uno con 'Nuevo producto'.</p>
      ) : (
        <>
          <p className="bo-nota" role="status">
            {cuantos(lista.data.total, 'producto', 'productos')}, los más recientes primero.
          </p>
          <ul className="bo-productos" aria-label="Productos">
            {lista.data.productos.map((producto) => (
              <FilaProducto key={producto.idProducto} producto={producto} />
            ))}
          </ul>
          {paginas > 1 && (
            <nav className="bo-paginas" aria-label="Páginas">
              {pagina > 1 && <Link href={urlDeFiltro(filtro, pagina - 1)}>← Anterior</Link>}
              <span>
                Página {pagina} de {paginas}
              </span>
              {pagina < paginas && <Link href={urlDeFiltro(filtro, pagina + 1)}>Siguiente →</Link>}
            </nav>
          )}
        </>
      )}
    </Pantalla>
  );
}

/** One product: photo, name (its form), brand and SKU, price with its discount, stock and what the shop shows. */
function FilaProducto({ producto }: { producto: FilaCatalogo }) {
  const descuento = producto.descuento > 0 ? `−${producto.descuento} %` : producto.descuentoN > 0 ? `−${soles(producto.descuentoN)}` : null;
  return (
    <li className="card bo-producto">
      {producto.img ? (
        <img src={producto.img} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className="bo-producto__sin-foto" aria-hidden="true" />
      )}
      <div className="bo-producto__datos">
        <Link href={`/productos/${producto.idProducto}`} className="bo-enlace-fuerte">
          {producto.nombre}
        </Link>
        <span className="bo-nota">
          {producto.marca} · {producto.categoria}
          {producto.sku ? ` · SKU ${producto.sku}` : ' · sin SKU'} · N.° {producto.idProducto}
        </span>
      </div>
      <div className="bo-producto__cifras">
        <span>
          {soles(producto.precio)}
          {descuento && <span className="bo-etiqueta"> {descuento}</span>}
        </span>
        {producto.stock === 0 ? (
          <span className="bo-etiqueta bo-etiqueta--urgente">Agotado</span>
        ) : (
          <span className="bo-nota">{cuantos(producto.stock, 'unidad', 'unidades')}</span>
        )}
        {producto.archivado ? (
          <span className="bo-etiqueta">Archivado</span>
        ) : (
          !producto.visible && <span className="bo-etiqueta bo-etiqueta--alerta">Oculto</span>
        )}
        {producto.newores && <span className="bo-etiqueta">{producto.newores}</span>}
      </div>
    </li>
  );
}
