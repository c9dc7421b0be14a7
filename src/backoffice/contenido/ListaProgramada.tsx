import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ItemProgramableBody, ListaProgramable } from '../../lib/api/contenido-schemas.ts';
import type { ContenidoOperador } from '../../lib/api/operator-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Campo } from '../marco/Campo.tsx';
import { Aviso, Cargando } from '../marco/Pantalla.tsx';
import { aplicarBanner, aplicarMensaje, aplicarPopup } from './aplicar.ts';
import { aLocalLima, deLocalLima, estadoProgramado } from './fechas.ts';
import { SubirImagen } from './SubirImagen.tsx';
import { VistaPrevia } from './VistaPrevia.tsx';

type Item = ContenidoOperador[ListaProgramable];

/** How each list names its items. */
const NOMBRES: Record<ListaProgramable, { uno: string; nuevo: string; lista: string }> = {
  banners: { uno: 'banner', nuevo: 'Nuevo banner', lista: 'Banners del inicio, en el orden del carrusel' },
  mensajes: { uno: 'mensaje', nuevo: 'Nuevo mensaje', lista: 'Mensajes de la franja de anuncios' },
  popups: { uno: 'popup', nuevo: 'Nuevo popup', lista: 'Popups (se muestra el primero visible)' },
};

/** The form's values: every field as its input holds it (dates in Lima's local time). */
interface Valores {
  mensaje: string;
  img_url: string;
  img_movil_url: string;
  rutabutton: string;
  alt: string;
  visible: boolean;
  desde: string;
  hasta: string;
}

const valoresDe = (item: Item | undefined): Valores => {
  const r = (item ?? {}) as Partial<Record<string, unknown>>;
  return {
    mensaje: String(r.mensaje ?? ''),
    img_url: String(r.img_url ?? ''),
    img_movil_url: String(r.img_movil_url ?? ''),
    rutabutton: String(r.rutabutton ?? ''),
    alt: String(r.alt ?? ''),
    visible: item ? r.visible === 1 : true,
    desde: aLocalLima((r.desde as string | null) ?? null),
    hasta: aLocalLima((r.hasta as string | null) ?? null),
  };
};

/** The body the API takes for `lista` from the form's values. */
function cuerpo<L extends ListaProgramable>(lista: L, v: Valores): ItemProgramableBody[L] {
  const vigencia = { desde: deLocalLima(v.desde), hasta: deLocalLima(v.hasta) };
  const ruta = v.rutabutton.trim() || null;
  if (lista === 'mensajes') return { mensaje: v.mensaje, ...vigencia } as ItemProgramableBody[L];
  if (lista === 'banners')
    return {
      img_url: v.img_url.trim(),
      img_movil_url: v.img_movil_url.trim() || null,
      rutabutton: ruta,
      alt: v.alt,
      ...vigencia,
    } as ItemProgramableBody[L];
  return { img_url: v.img_url.trim(), rutabutton: ruta, alt: v.alt, visible: v.visible, ...vigencia } as ItemProgramableBody[L];
}

const descripcion = (lista: ListaProgramable, item: Item) =>
  lista === 'mensajes'
    ? (item as ContenidoOperador['mensajes']).mensaje
    : (item as ContenidoOperador['banners']).alt || (item as ContenidoOperador['banners']).img_url;

/**
 * One home list (banners, top-strip messages or popups): in the order the shopper sees them, each with
 * where it stands (in the shop, scheduled, ended), edited in a form with its run, previewed at 390 and
 * 1280 px, and published (saved: the shop rebuilds).
 */
export function ListaProgramada({ lista }: { lista: ListaProgramable }) {
  const cliente = useCliente();
  const queryClient = useQueryClient();
  const consulta = useQuery({ queryKey: ['contenido', lista], queryFn: () => cliente.homeContent(lista) });
  const [editando, setEditando] = useState<{ id: number | null } | null>(null);
  const [hecho, setHecho] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [quitar, setQuitar] = useState<number | null>(null);
  const nombres = NOMBRES[lista];
  const actualizar = async (mensaje: string) => {
    setHecho(mensaje);
    setError(null);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['contenido', lista] }),
      queryClient.invalidateQueries({ queryKey: ['publicacion'] }),
    ]);
  };
  const accion = async (hacer: () => Promise<{ mensaje: string }>) => {
    try {
      await actualizar((await hacer()).mensaje);
    } catch (e) {
      setError(mensajeDe(e));
    }
  };
  if (consulta.isPending) return <Cargando />;
  if (consulta.isError) return <p role="alert">{mensajeDe(consulta.error)}</p>;
  const api = consulta.data as Item[];
  // The carousel shows the API's list reversed (storefront §7): the owner sees and orders it as the shopper does.
  const vistos = lista === 'banners' ? [...api].reverse() : api;
  const posicionApi = (indiceVisto: number) => (lista === 'banners' ? api.length - indiceVisto : indiceVisto + 1);
  if (editando)
    return (
      <FormularioItem
        key={editando.id ?? 'nuevo'}
        lista={lista}
        item={api.find((item) => item.id === editando.id)}
        alTerminar={async (mensaje) => {
          setEditando(null);
          if (mensaje) await actualizar(mensaje);
        }}
      />
    );
  return (
    <>
      <Aviso ok={hecho} error={error} />
      <div className="bo-acciones">
        <button type="button" className="btn bo-btn--sm" onClick={() => setEditando({ id: null })}>
          {nombres.nuevo}
        </button>
      </div>
      {vistos.length === 0 ? (
        <p className="bo-vacio">Todavía no hay ninguno.</p>
      ) : (
        <ol className="bo-contenido-lista" aria-label={nombres.lista}>
          {vistos.map((item, indice) => {
            const estado = estadoProgramado(item as { desde: string | null; hasta: string | null });
            const imagen = lista === 'mensajes' ? null : (item as ContenidoOperador['banners']).img_url;
            const texto = descripcion(lista, item);
            return (
              <li key={item.id} className="bo-contenido-item">
                {imagen && <img src={imagen} alt="" width={96} height={36} className="bo-contenido-item__img" />}
                <div className="bo-contenido-item__texto">
                  <strong>{texto}</strong>
                  <span className={`bo-programa bo-programa--${estado.clave}`}>{estado.texto}</span>
                  {lista === 'popups' && (item as ContenidoOperador['popups']).visible !== 1 && <span className="bo-programa">Oculto</span>}
                </div>
                <div className="bo-acciones">
                  <button
                    type="button"
                    className="btn btn--outline bo-btn--sm"
                    onClick={() => setEditando({ id: item.id })}
                    aria-label={`Editar ${nombres.uno}: ${texto}`}
                  >
                    Editar
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost bo-btn--sm"
                    disabled={indice === 0}
                    onClick={() => accion(() => cliente.moveHomeContent(lista, item.id, posicionApi(indice - 1)))}
                    aria-label={`Subir ${nombres.uno}: ${texto}`}
                  >
                    Subir
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost bo-btn--sm"
                    disabled={indice === vistos.length - 1}
                    onClick={() => accion(() => cliente.moveHomeContent(lista, item.id, posicionApi(indice + 1)))}
                    aria-label={`Bajar ${nombres.uno}: ${texto}`}
                  >
                    Bajar
                  </button>
                  {quitar === item.id ? (
                    <button
                      type="button"
                      className="btn bo-btn--sm"
                      onClick={() => (setQuitar(null), accion(() => cliente.removeHomeContent(lista, item.id)))}
                    >
                      Sí, quitar de la tienda
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--ghost bo-btn--sm"
                      onClick={() => setQuitar(item.id)}
                      aria-label={`Quitar ${nombres.uno}: ${texto}`}
                    >
                      Quitar
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}

/** A new or edited item: its fields and run, 'Vista previa' at both widths, then 'Publicar'. */
function FormularioItem({
  lista,
  item,
  alTerminar,
}: {
  lista: ListaProgramable;
  item: Item | undefined;
  alTerminar: (mensaje: string | null) => void;
}) {
  const cliente = useCliente();
  const { register, handleSubmit, getValues, setValue, control, formState } = useForm<Valores>({ defaultValues: valoresDe(item) });
  const imagen = useWatch({ control, name: 'img_url' });
  const [error, setError] = useState<string | null>(null);
  const [vista, setVista] = useState<{ aplicar: (doc: Document) => void } | null>(null);
  const nombre = NOMBRES[lista].uno;
  const previsualizar = () => {
    const body = cuerpo(lista, getValues());
    const aplicar =
      lista === 'banners'
        ? aplicarBanner(body as ItemProgramableBody['banners'])
        : lista === 'mensajes'
          ? aplicarMensaje(body as ItemProgramableBody['mensajes'])
          : aplicarPopup(body as ItemProgramableBody['popups']);
    setVista({ aplicar });
  };
  const publicar = handleSubmit(async (valores) => {
    try {
      const { mensaje } = await cliente.saveHomeContent(lista, item?.id ?? null, cuerpo(lista, valores));
      alTerminar(mensaje);
    } catch (e) {
      setError(mensajeDe(e));
    }
  });
  return (
    <form className="bo-form bo-contenido-form" onSubmit={publicar} noValidate aria-label={item ? `Editar ${nombre}` : `Nuevo ${nombre}`}>
      <h2>{item ? `Editar ${nombre}` : `Nuevo ${nombre}`}</h2>
      {lista === 'mensajes' ? (
        <Campo
          etiqueta="Mensaje"
          maxLength={200}
          {...register('mensaje', { required: 'Escribe el mensaje.' })}
          problema={formState.errors.mensaje?.message}
        />
      ) : (
        <>
          <Campo
            etiqueta={lista === 'banners' ? 'Imagen para computadora' : 'Imagen'}
            pista={
              lista === 'banners'
                ? 'Horizontal, 1600 × 600 px. Una dirección de la tienda (/imagenes/…) o sube el archivo.'
                : 'Cuadrada, 600 × 600 px.'
            }
            {...register('img_url', { required: 'Elige la imagen.' })}
            problema={formState.errors.img_url?.message}
          />
          <SubirImagen
            etiqueta={lista === 'banners' ? 'Subir imagen para computadora' : 'Subir imagen'}
            alSubir={(url) => setValue('img_url', url)}
          />
          {lista === 'banners' && (
            <>
              <Campo
                etiqueta="Imagen para celular (opcional)"
                pista="Cuadrada, 800 × 800 px. Sin ella, el celular muestra la de computadora."
                {...register('img_movil_url')}
              />
              <SubirImagen etiqueta="Subir imagen para celular" alSubir={(url) => setValue('img_movil_url', url)} />
            </>
          )}
          <Campo etiqueta="Texto alternativo" pista="Lo que muestra la imagen, para quien no la ve." {...register('alt')} />
          <Campo
            etiqueta="Enlace del botón (opcional)"
            pista="Una página de la tienda, por ejemplo /ofertas o /marcas/COSRX."
            {...register('rutabutton')}
          />
          {lista === 'popups' && (
            <label className="bo-casilla">
              <input type="checkbox" {...register('visible')} /> Visible para los visitantes
            </label>
          )}
        </>
      )}
      <fieldset className="bo-contenido-fechas">
        <legend>Programar (hora de Lima; vacío: sin límite)</legend>
        <Campo etiqueta="Desde" type="datetime-local" {...register('desde')} />
        <Campo etiqueta="Hasta" type="datetime-local" {...register('hasta')} />
      </fieldset>
      <Aviso error={error} />
      <div className="bo-acciones">
        <button type="button" className="btn btn--outline bo-btn--sm" onClick={previsualizar} disabled={lista !== 'mensajes' && !imagen}>
          Vista previa
        </button>
        <button type="submit" className="btn bo-btn--sm" disabled={formState.isSubmitting}>
          Publicar
        </button>
        <button type="button" className="btn btn--ghost bo-btn--sm" onClick={() => alTerminar(null)}>
          Cancelar
        </button>
      </div>
      {vista && <VistaPrevia ruta="/" aplicar={vista.aplicar} titulo={`Vista previa del ${nombre}`} />}
    </form>
  );
}
