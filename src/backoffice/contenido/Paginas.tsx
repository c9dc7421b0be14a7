import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import { PAGINAS_EDITABLES, type Pagina, type PaginaEditable } from '../../lib/api/contenido-schemas.ts';
import { TITULOS_PAGINA } from '../../lib/site/paginas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { deLaConsulta, Vistas } from '../libros/Vistas.tsx';
import { Campo, Texto } from '../marco/Campo.tsx';
import { Aviso, Cargando } from '../marco/Pantalla.tsx';
import { aplicarPagina } from './aplicar.ts';
import { VistaPrevia } from './VistaPrevia.tsx';

const AYUDA =
  'Deja una línea en blanco entre párrafos; empieza con "- " cada línea de una lista; **negrita**; [texto del enlace](/ruta). ' +
  '{envioGratis}, {diasDevolucion}, {horasTransferencia}, {plazoReclamos}, {correo}, {telefono}, {razonSocial} y {ruc} se reemplazan por los datos de la tienda.';

/** 'Páginas': the FAQ, the terms and 'Acerca de nosotros', each section edited, previewed and published. */
export function Paginas() {
  const cliente = useCliente();
  const pagina = deLaConsulta(useSearch(), 'pagina', PAGINAS_EDITABLES, 'preguntas-frecuentes');
  const textos = useQuery({ queryKey: ['textos'], queryFn: () => cliente.shopTexts() });
  return (
    <>
      <Vistas
        etiqueta="Página"
        actual={pagina}
        vistas={PAGINAS_EDITABLES.map((clave) => ({
          clave,
          texto: TITULOS_PAGINA[clave],
          href: `/contenido?seccion=paginas&pagina=${clave}`,
        }))}
      />
      {textos.isPending ? (
        <Cargando />
      ) : textos.isError ? (
        <p role="alert">{mensajeDe(textos.error)}</p>
      ) : (
        <FormularioPagina
          key={pagina}
          clave={pagina}
          pagina={textos.data.paginas[pagina]}
          editada={textos.data.editados.includes(pagina)}
        />
      )}
    </>
  );
}

function FormularioPagina({ clave, pagina, editada }: { clave: PaginaEditable; pagina: Pagina; editada: boolean }) {
  const cliente = useCliente();
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, getValues, formState, reset } = useForm<Pagina>({ defaultValues: pagina });
  const secciones = useFieldArray({ control, name: 'secciones' });
  const [aviso, setAviso] = useState<{ ok?: string | null; error?: string | null }>({});
  const [vista, setVista] = useState<{ aplicar: (doc: Document) => void } | null>(null);
  const titulo = TITULOS_PAGINA[clave];
  const despues = async (mensaje: string) => {
    setAviso({ ok: mensaje });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['textos'] }),
      queryClient.invalidateQueries({ queryKey: ['publicacion'] }),
    ]);
  };
  const publicar = handleSubmit(async (valores) => {
    try {
      await despues((await cliente.saveShopText(clave, valores)).mensaje);
    } catch (e) {
      setAviso({ error: mensajeDe(e) });
    }
  });
  const pregunta = clave === 'preguntas-frecuentes';
  return (
    <form className="bo-form bo-contenido-form" onSubmit={publicar} noValidate aria-label={`Texto de ${titulo}`}>
      <p className="bo-nota">
        {editada ? 'Texto editado por la tienda.' : 'Texto original de la tienda.'} {AYUDA}
      </p>
      <Campo etiqueta="Descripción para buscadores" {...register('descripcion')} />
      <Texto etiqueta="Entradilla (bajo el título)" rows={2} {...register('entradilla')} />
      {secciones.fields.map((campo, indice) => (
        <fieldset key={campo.id} className="bo-contenido-seccion">
          <legend>{pregunta ? `Pregunta ${indice + 1}` : `Sección ${indice + 1}`}</legend>
          <Campo
            etiqueta={pregunta ? `Pregunta ${indice + 1}` : `Título de la sección ${indice + 1}`}
            {...register(`secciones.${indice}.titulo`)}
          />
          <Texto
            etiqueta={pregunta ? `Respuesta ${indice + 1}` : `Texto de la sección ${indice + 1}`}
            rows={6}
            {...register(`secciones.${indice}.texto`)}
          />
          <div className="bo-acciones">
            <button
              type="button"
              className="btn btn--ghost bo-btn--sm"
              disabled={indice === 0}
              onClick={() => secciones.move(indice, indice - 1)}
            >
              Subir {pregunta ? 'pregunta' : 'sección'} {indice + 1}
            </button>
            <button
              type="button"
              className="btn btn--ghost bo-btn--sm"
              disabled={indice === secciones.fields.length - 1}
              onClick={() => secciones.move(indice, indice + 1)}
            >
              Bajar {pregunta ? 'pregunta' : 'sección'} {indice + 1}
            </button>
            <button type="button" className="btn btn--ghost bo-btn--sm" onClick={() => secciones.remove(indice)}>
              Quitar {pregunta ? 'pregunta' : 'sección'} {indice + 1}
            </button>
          </div>
        </fieldset>
      ))}
      <div className="bo-acciones">
        <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => secciones.append({ titulo: '', texto: '' })}>
          {pregunta ? 'Agregar pregunta' : 'Agregar sección'}
        </button>
      </div>
      <Aviso ok={aviso.ok} error={aviso.error} />
      <div className="bo-acciones">
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          onClick={() => setVista({ aplicar: aplicarPagina(clave, structuredClone(getValues())) })}
        >
          Vista previa
        </button>
        <button type="submit" className="btn bo-btn--sm" disabled={formState.isSubmitting}>
          Publicar
        </button>
        {editada && (
          <button
            type="button"
            className="btn btn--ghost bo-btn--sm"
            onClick={async () => {
              try {
                const { mensaje } = await cliente.resetShopText(clave);
                const textos = await cliente.shopTexts();
                reset(textos.paginas[clave]);
                await despues(mensaje);
              } catch (e) {
                setAviso({ error: mensajeDe(e) });
              }
            }}
          >
            Volver al texto original
          </button>
        )}
      </div>
      {vista && <VistaPrevia ruta={`/${clave}`} aplicar={vista.aplicar} titulo={`Vista previa de ${titulo}`} />}
    </form>
  );
}
