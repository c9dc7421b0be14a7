import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { ErrorFormularioApi } from '../../lib/api/productos-errores.ts';
import type { OpcionesCatalogo, ProductoEditable, ProductoFormulario } from '../../lib/api/productos-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Fotos, type FotoProducto } from '../fotos/Fotos.tsx';
import { Campo, Selector, Texto } from '../marco/Campo.tsx';
import { EstadoPublicacion } from '../marco/EstadoPublicacion.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { HistorialStock } from '../stock/HistorialStock.tsx';
import AuditoriaProducto from './AuditoriaProducto.tsx';

/** The form's values: text as the inputs hold it (the API checks them with the import's rules). */
interface Valores {
  nombre: string;
  sku: string;
  marca: string;
  categoria: string;
  child: string;
  precio: string;
  descuento: string;
  descuentoN: string;
  descuentoDesde: string;
  descuentoHasta: string;
  stock: string;
  stock_total: string;
  motivoStock: string;
  visible: boolean;
  newores: string;
  esSet: boolean;
  etiquetalogo: string;
  fechaLlegada: string;
  descripcion: string;
  modouso: string;
  beneficios: string;
  ingredientes: string;
  colores: string;
  tamaños: string;
  sedes: string;
  tipo_piel: string;
  edad: string;
  inquietud_piel: string;
}
type CampoFormulario = keyof Valores;

const SIN_ESPECIFICAR = 'No especificado.';
const NUEVO: Valores = {
  nombre: '',
  sku: '',
  marca: '',
  categoria: '',
  child: '',
  precio: '',
  descuento: '',
  descuentoN: '',
  descuentoDesde: '',
  descuentoHasta: '',
  stock: '0',
  stock_total: '',
  motivoStock: '',
  visible: true,
  newores: '',
  esSet: false,
  etiquetalogo: '',
  fechaLlegada: '',
  descripcion: '',
  modouso: '',
  beneficios: '',
  ingredientes: '',
  colores: '',
  tamaños: '',
  sedes: '',
  tipo_piel: '',
  edad: '',
  inquietud_piel: '',
};

/** A product's fields as the form shows them ('No especificado.' shown empty: the shop writes it for a blank). */
function valoresDe(p: ProductoEditable): Valores {
  const texto = (valor: string) => (valor === SIN_ESPECIFICAR ? '' : valor);
  return {
    nombre: p.nombre,
    sku: p.sku ?? '',
    marca: p.marca,
    categoria: p.categoria,
    child: p.child,
    precio: String(p.precio),
    descuento: p.descuento ? String(p.descuento) : '',
    descuentoN: p.descuentoN ? String(p.descuentoN) : '',
    descuentoDesde: p.descuentoDesde ?? '',
    descuentoHasta: p.descuentoHasta ?? '',
    stock: String(p.stock),
    stock_total: String(p.stock_total),
    motivoStock: '',
    visible: p.visible,
    newores: p.newores,
    esSet: p.esSet,
    etiquetalogo: p.etiquetalogo,
    fechaLlegada: p.fechaLlegada ?? '',
    descripcion: p.descripcion,
    modouso: texto(p.modouso),
    beneficios: texto(p.beneficios),
    ingredientes: texto(p.ingredientes),
    colores: p.colores,
    tamaños: p.tamaños,
    sedes: p.sedes,
    tipo_piel: p.tipo_piel,
    edad: p.edad,
    inquietud_piel: p.inquietud_piel,
  };
}

/** A product's form: new (id undefined) or existing, with its photos, stock history, audit trail and archive. */
export default function Producto({ id }: { id?: number }) {
  const cliente = useCliente();
  const opciones = useQuery({ queryKey: ['catalogo-opciones'], queryFn: () => cliente.catalogueOptions(), staleTime: 60_000 });
  const producto = useQuery({
    queryKey: ['catalogo-producto', id],
    queryFn: () => cliente.catalogueProduct(id!),
    enabled: id !== undefined,
    // A refetch while someone types would only move the form under them; saving answers the product anew.
    refetchOnWindowFocus: false,
  });
  const titulo = id === undefined ? 'Nuevo producto' : (producto.data?.nombre ?? `Producto ${id}`);
  if (opciones.isError || producto.isError)
    return (
      <Pantalla titulo={titulo}>
        <p role="alert">{mensajeDe(opciones.error ?? producto.error)}</p>
        <Link href="/productos">Volver a Productos</Link>
      </Pantalla>
    );
  if (opciones.isPending || (id !== undefined && producto.isPending))
    return (
      <Pantalla titulo={titulo}>
        <Cargando />
      </Pantalla>
    );
  // Keyed by the product and its saved state: a saved or restored product starts the form again from what the shop holds.
  return <Formulario key={`${id ?? 'nuevo'}`} opciones={opciones.data} producto={producto.data} titulo={titulo} />;
}

function Formulario({ opciones, producto, titulo }: { opciones: OpcionesCatalogo; producto?: ProductoEditable; titulo: string }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [, navegar] = useLocation();
  const creado = new URLSearchParams(useSearch()).get('creado') === '1';
  const [aviso, setAviso] = useState<{ ok?: string; error?: string }>(creado ? { ok: 'Producto creado.' } : {});
  const [fotos, setFotos] = useState<FotoProducto[]>(producto?.fotos ?? []);
  const [problemaFotos, setProblemaFotos] = useState<string | null>(null);
  const [confirmarArchivo, setConfirmarArchivo] = useState(false);
  const [ocupado, setOcupado] = useState(false);
  // `values` (not only defaults): react-hook-form sets them once the inputs and the selects' options exist.
  const { register, handleSubmit, formState, setError, reset, control } = useForm<Valores>({
    defaultValues: NUEVO,
    values: producto ? valoresDe(producto) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  // Until react-hook-form has set the product's values (after the first render), its category gives the
  // subcategory's options: they must exist when the product's subcategory is set, or the select falls back to
  // 'Ninguna' and a save clears it.
  const categoria = useWatch({ control, name: 'categoria' }) || (producto?.categoria ?? '');
  const nombre = useWatch({ control, name: 'nombre' });
  const categoriaElegida = opciones.categorias.find((c) => c.nombre === categoria);
  const linea = opciones.lineas.find((l) => l.id === categoriaElegida?.lineaId)?.nombre ?? '';
  const hijas = opciones.hijas.filter((h) => h.categoriaId === categoriaElegida?.id);
  const problema = (campo: CampoFormulario) => formState.errors[campo]?.message ?? null;

  const refrescar = async (actualizado: ProductoEditable) => {
    consultas.setQueryData(['catalogo-producto', actualizado.idProducto], actualizado);
    await Promise.all([
      consultas.invalidateQueries({ queryKey: ['catalogo'] }),
      consultas.invalidateQueries({ queryKey: ['catalogo-opciones'] }),
      consultas.invalidateQueries({ queryKey: ['catalogo-auditoria', actualizado.idProducto] }),
      consultas.invalidateQueries({ queryKey: ['stock'] }),
    ]);
  };

  const guardar = handleSubmit(async (valores) => {
    setAviso({});
    setProblemaFotos(null);
    const { stock, stock_total, motivoStock, ...resto } = valores;
    const datos: ProductoFormulario = { ...resto, linea, fotos };
    // Stock goes only when the person changed it, with what the form showed: a sale meanwhile is never undone.
    if (!producto || formState.dirtyFields.stock) Object.assign(datos, { stock, stockLeido: producto?.stock });
    if (!producto || formState.dirtyFields.stock_total) Object.assign(datos, { stock_total });
    if (motivoStock.trim()) datos.motivoStock = motivoStock.trim();
    try {
      const respuesta = producto ? await cliente.saveProduct(producto.idProducto, datos) : await cliente.createProduct(datos);
      await refrescar(respuesta.producto);
      if (!producto) {
        navegar(`/productos/${respuesta.producto.idProducto}?creado=1`);
        return;
      }
      reset(valoresDe(respuesta.producto));
      setFotos(respuesta.producto.fotos);
      setAviso({ ok: respuesta.mensaje });
    } catch (fallo) {
      if (fallo instanceof ErrorFormularioApi)
        for (const [campo, mensaje] of Object.entries(fallo.errores)) {
          if (campo === 'fotos') setProblemaFotos(mensaje);
          else if (campo in NUEVO) setError(campo as CampoFormulario, { message: mensaje }, { shouldFocus: true });
        }
      setAviso({ error: mensajeDe(fallo) });
    }
  });

  const accion = async (hacer: () => Promise<{ mensaje: string; producto: ProductoEditable }>, ir?: (p: ProductoEditable) => string) => {
    setOcupado(true);
    setAviso({});
    try {
      const respuesta = await hacer();
      await refrescar(respuesta.producto);
      setConfirmarArchivo(false);
      if (ir) navegar(ir(respuesta.producto));
      else {
        reset(valoresDe(respuesta.producto));
        setAviso({ ok: respuesta.mensaje });
      }
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    } finally {
      setOcupado(false);
    }
  };

  return (
    <Pantalla
      titulo={titulo}
      acciones={
        <Link href="/productos" className="btn btn--ghost bo-btn--sm">
          Volver a Productos
        </Link>
      }
    >
      {producto?.archivado && (
        <p className="bo-aviso__error">Archivado: no se muestra en la tienda. Sus pedidos y comprobantes lo conservan.</p>
      )}
      <Aviso ok={aviso.ok} error={aviso.error} />
      {producto && <EstadoPublicacion />}
      <form className="bo-form bo-producto-form" onSubmit={(event) => void guardar(event)} noValidate>
        <fieldset>
          <legend>Lo básico</legend>
          <Campo etiqueta="Nombre" problema={problema('nombre')} required {...register('nombre')} />
          <Campo
            etiqueta="SKU"
            pista="El código de la tienda, sin espacios: la importación encuentra el producto por él."
            problema={problema('sku')}
            autoComplete="off"
            {...register('sku')}
          />
          <Campo
            etiqueta="Marca"
            pista="Elige una o escribe una nueva."
            list="bo-marcas"
            problema={problema('marca')}
            autoComplete="off"
            {...register('marca')}
          />
          <datalist id="bo-marcas">
            {opciones.marcas.map((m) => (
              <option key={m.id} value={m.nombre} />
            ))}
          </datalist>
          <Selector
            etiqueta="Categoría"
            pista={linea ? `Línea ${linea}.` : undefined}
            problema={problema('categoria')}
            {...register('categoria')}
          >
            <option value="">Elige una categoría</option>
            {opciones.categorias.map((c) => (
              <option key={c.id} value={c.nombre}>
                {c.nombre}
              </option>
            ))}
          </Selector>
          <Selector etiqueta="Subcategoría" problema={problema('child')} defaultValue={producto?.child ?? ''} {...register('child')}>
            <option value="">Ninguna</option>
            {hijas.map((h) => (
              <option key={h.id} value={h.nombre}>
                {h.nombre}
              </option>
            ))}
          </Selector>
        </fieldset>

        <fieldset>
          <legend>Precio</legend>
          <Campo etiqueta="Precio (S/)" inputMode="decimal" problema={problema('precio')} {...register('precio')} />
          <Campo
            etiqueta="Descuento (%)"
            inputMode="decimal"
            pista="Tiene prioridad sobre el descuento en soles."
            problema={problema('descuento')}
            {...register('descuento')}
          />
          <Campo etiqueta="Descuento en soles" inputMode="decimal" problema={problema('descuentoN')} {...register('descuentoN')} />
          <Campo
            etiqueta="Descuento desde"
            type="date"
            pista="Vacío: desde ya."
            problema={problema('descuentoDesde')}
            {...register('descuentoDesde')}
          />
          <Campo
            etiqueta="Descuento hasta"
            type="date"
            pista="Vacío: sin fin (días de Lima, incluido)."
            problema={problema('descuentoHasta')}
            {...register('descuentoHasta')}
          />
        </fieldset>

        <fieldset>
          <legend>Stock</legend>
          <Campo
            etiqueta="Unidades en la web"
            type="number"
            inputMode="numeric"
            min={0}
            problema={problema('stock')}
            {...register('stock')}
          />
          <Campo
            etiqueta="Unidades en total"
            type="number"
            inputMode="numeric"
            min={0}
            pista="Web y tiendas; vacío: las de la web."
            problema={problema('stock_total')}
            {...register('stock_total')}
          />
          <Campo
            etiqueta="Motivo del cambio de stock"
            pista="Opcional, queda en el historial."
            problema={problema('motivoStock')}
            {...register('motivoStock')}
          />
        </fieldset>

        <fieldset>
          <legend>Fotos</legend>
          <Fotos fotos={fotos} onChange={setFotos} nombreProducto={nombre} />
          {problemaFotos && (
            <p className="bo-aviso__error" role="alert">
              {problemaFotos}
            </p>
          )}
        </fieldset>

        <fieldset>
          <legend>En la tienda</legend>
          <label className="bo-casilla">
            <input type="checkbox" {...register('visible')} disabled={Boolean(producto?.archivado)} />
            Visible en la tienda
          </label>
          {problema('visible') && <p className="bo-aviso__error">{problema('visible')}</p>}
          <Selector etiqueta="Etiqueta" problema={problema('newores')} defaultValue={producto?.newores ?? ''} {...register('newores')}>
            <option value="">Ninguna</option>
            <option value="Nuevo">Nuevo</option>
            <option value="Reestok">Reestok</option>
            <option value="Preventa">Preventa</option>
            <option value="Sale">Sale</option>
          </Selector>
          <label className="bo-casilla">
            <input type="checkbox" {...register('esSet')} />
            Es un set
          </label>
          <Campo etiqueta="Etiqueta del logo" problema={problema('etiquetalogo')} {...register('etiquetalogo')} />
          <Campo
            etiqueta="Fecha de llegada"
            type="date"
            pista="Para preventas."
            problema={problema('fechaLlegada')}
            {...register('fechaLlegada')}
          />
        </fieldset>

        <fieldset>
          <legend>Descripción</legend>
          <Texto etiqueta="Descripción" rows={4} problema={problema('descripcion')} {...register('descripcion')} />
          <Texto etiqueta="Modo de uso" rows={3} problema={problema('modouso')} {...register('modouso')} />
          <Texto etiqueta="Beneficios" rows={3} problema={problema('beneficios')} {...register('beneficios')} />
          <Texto etiqueta="Ingredientes" rows={3} problema={problema('ingredientes')} {...register('ingredientes')} />
        </fieldset>

        <fieldset>
          <legend>Detalles</legend>
          <Campo etiqueta="Colores" pista="Separados por comas." problema={problema('colores')} {...register('colores')} />
          <Campo etiqueta="Tamaños" pista="Separados por comas." problema={problema('tamaños')} {...register('tamaños')} />
          <Campo etiqueta="Sedes" problema={problema('sedes')} {...register('sedes')} />
          <Campo etiqueta="Tipo de piel" problema={problema('tipo_piel')} {...register('tipo_piel')} />
          <Campo etiqueta="Edad" problema={problema('edad')} {...register('edad')} />
          <Campo etiqueta="Inquietud de la piel" problema={problema('inquietud_piel')} {...register('inquietud_piel')} />
        </fieldset>

        <div className="bo-acciones bo-producto-form__guardar">
          <button type="submit" className="btn" disabled={formState.isSubmitting}>
            {producto ? 'Guardar cambios' : 'Crear producto'}
          </button>
        </div>
      </form>

      {producto && (
        <section className="bo-producto-extra" aria-label="Más acciones">
          <h2>Más acciones</h2>
          <div className="bo-acciones">
            <button
              type="button"
              className="btn btn--ghost bo-btn--sm"
              disabled={ocupado}
              onClick={() =>
                void accion(
                  () => cliente.duplicateProduct(producto.idProducto),
                  (copia) => `/productos/${copia.idProducto}`,
                )
              }
            >
              Duplicar
            </button>
            {producto.archivado ? (
              <button
                type="button"
                className="btn btn--ghost bo-btn--sm"
                disabled={ocupado}
                onClick={() => void accion(() => cliente.restoreProduct(producto.idProducto))}
              >
                Restaurar
              </button>
            ) : (
              <button type="button" className="btn btn--ghost bo-btn--sm" disabled={ocupado} onClick={() => setConfirmarArchivo(true)}>
                Archivar
              </button>
            )}
          </div>
          {confirmarArchivo && (
            <div className="card bo-producto-confirmar" role="group" aria-label="Confirmar archivo">
              <p>
                ¿Archivar «{producto.nombre}»? Dejará de verse en la tienda y en esta lista; sus pedidos, comprobantes y fotos se conservan.
                Puedes restaurarlo desde 'Archivados'.
              </p>
              <div className="bo-acciones">
                <button
                  type="button"
                  className="btn bo-btn--sm"
                  disabled={ocupado}
                  onClick={() => void accion(() => cliente.archiveProduct(producto.idProducto))}
                >
                  Sí, archivar
                </button>
                <button type="button" className="btn btn--ghost bo-btn--sm" onClick={() => setConfirmarArchivo(false)}>
                  Cancelar
                </button>
              </div>
            </div>
          )}
          <h2>Historial de stock</h2>
          <HistorialStock idProducto={producto.idProducto} />
          <h2>Cambios de este producto</h2>
          <AuditoriaProducto idProducto={producto.idProducto} />
        </section>
      )}
    </Pantalla>
  );
}
