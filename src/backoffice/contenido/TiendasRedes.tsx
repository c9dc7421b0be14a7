import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { Redes, TiendaEditable } from '../../lib/api/contenido-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Campo, Selector, Texto } from '../marco/Campo.tsx';
import { Aviso, Cargando } from '../marco/Pantalla.tsx';

/** A location as its form holds it: the hours one line per row of a text area, the coordinates as typed. */
interface TiendaForm extends Omit<TiendaEditable, 'horario' | 'lat' | 'lon'> {
  horario: string;
  lat: string;
  lon: string;
}

/** A new location's identifier (its anchor on /tienda-fisica): its name in lower case, without accents, words joined by '-'. */
const idDe = (nombre: string) =>
  nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'tienda';

const aForm = (t: TiendaEditable): TiendaForm => ({ ...t, horario: t.horario.join('\n'), lat: String(t.lat), lon: String(t.lon) });
const deForm = (t: TiendaForm): TiendaEditable => ({
  ...t,
  id: t.id || idDe(t.nombre),
  horario: t.horario
    .split('\n')
    .map((linea) => linea.trim())
    .filter(Boolean),
  lat: Number(t.lat.replace(',', '.')),
  lon: Number(t.lon.replace(',', '.')),
});

/** 'Tiendas y redes': the shops and pickup points with their hours (footer, maps, /tienda-fisica) and the social links of the footer. */
export function TiendasRedes() {
  const cliente = useCliente();
  const textos = useQuery({ queryKey: ['textos'], queryFn: () => cliente.shopTexts() });
  if (textos.isPending) return <Cargando />;
  if (textos.isError) return <p role="alert">{mensajeDe(textos.error)}</p>;
  return (
    <>
      <FormularioTiendas tiendas={textos.data.tiendas} />
      <FormularioRedes redes={textos.data.redes} />
    </>
  );
}

function usePublicar() {
  const queryClient = useQueryClient();
  const [aviso, setAviso] = useState<{ ok?: string | null; error?: string | null }>({});
  const publicar = async (hacer: () => Promise<{ mensaje: string }>) => {
    try {
      setAviso({ ok: (await hacer()).mensaje });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['textos'] }),
        queryClient.invalidateQueries({ queryKey: ['publicacion'] }),
      ]);
    } catch (e) {
      setAviso({ error: mensajeDe(e) });
    }
  };
  return { aviso, publicar };
}

function FormularioTiendas({ tiendas }: { tiendas: TiendaEditable[] }) {
  const cliente = useCliente();
  const { register, control, handleSubmit, formState } = useForm<{ tiendas: TiendaForm[] }>({
    defaultValues: { tiendas: tiendas.map(aForm) },
  });
  const lista = useFieldArray({ control, name: 'tiendas' });
  const { aviso, publicar } = usePublicar();
  return (
    <form
      className="bo-form bo-contenido-form"
      aria-labelledby="bo-tiendas-titulo"
      noValidate
      onSubmit={handleSubmit((valores) => publicar(() => cliente.saveShopText('tiendas', valores.tiendas.map(deForm))))}
    >
      <h2 id="bo-tiendas-titulo">Tiendas y horarios</h2>
      <p className="bo-nota">
        Se muestran en el pie de página, en los mapas y en Tienda física. Los puntos de recojo del carrito se cambian en Envíos y tienda.
      </p>
      {lista.fields.map((campo, i) => (
        <fieldset key={campo.id} className="bo-contenido-seccion">
          <legend>{`Tienda ${i + 1}`}</legend>
          <Campo etiqueta={`Nombre de la tienda ${i + 1}`} {...register(`tiendas.${i}.nombre`)} />
          <Campo etiqueta={`Dirección de la tienda ${i + 1}`} {...register(`tiendas.${i}.direccion`)} />
          <Campo etiqueta={`Distrito de la tienda ${i + 1}`} {...register(`tiendas.${i}.distrito`)} />
          <Campo etiqueta={`Referencia de la tienda ${i + 1}`} {...register(`tiendas.${i}.referencia`)} />
          <Texto
            etiqueta={`Horario de la tienda ${i + 1}`}
            pista="Una línea por grupo de días, por ejemplo: Lun a Sáb: 10:00 a. m. – 9:00 p. m."
            rows={3}
            {...register(`tiendas.${i}.horario`)}
          />
          <Selector etiqueta={`Tipo de la tienda ${i + 1}`} {...register(`tiendas.${i}.tipo`)}>
            <option value="tienda">Tienda</option>
            <option value="recojo">Solo punto de recojo</option>
          </Selector>
          <div className="bo-contenido-coordenadas">
            <Campo etiqueta={`Latitud de la tienda ${i + 1}`} inputMode="decimal" {...register(`tiendas.${i}.lat`)} />
            <Campo etiqueta={`Longitud de la tienda ${i + 1}`} inputMode="decimal" {...register(`tiendas.${i}.lon`)} />
          </div>
          <div className="bo-acciones">
            <button type="button" className="btn btn--ghost bo-btn--sm" disabled={i === 0} onClick={() => lista.move(i, i - 1)}>
              Subir tienda {i + 1}
            </button>
            <button type="button" className="btn btn--ghost bo-btn--sm" onClick={() => lista.remove(i)}>
              Quitar tienda {i + 1}
            </button>
          </div>
        </fieldset>
      ))}
      <div className="bo-acciones">
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          onClick={() =>
            lista.append({
              id: '',
              nombre: '',
              direccion: '',
              distrito: 'Lima',
              referencia: '',
              horario: '',
              lat: '-12.05',
              lon: '-77.04',
              tipo: 'tienda',
            })
          }
        >
          Agregar tienda
        </button>
        <button type="submit" className="btn bo-btn--sm" disabled={formState.isSubmitting}>
          Publicar tiendas
        </button>
      </div>
      <Aviso ok={aviso.ok} error={aviso.error} />
    </form>
  );
}

function FormularioRedes({ redes }: { redes: Redes }) {
  const cliente = useCliente();
  const { register, handleSubmit, formState } = useForm<Redes>({ defaultValues: redes });
  const { aviso, publicar } = usePublicar();
  return (
    <form
      className="bo-form bo-contenido-form"
      aria-labelledby="bo-redes-titulo"
      noValidate
      onSubmit={handleSubmit((valores) => publicar(() => cliente.saveShopText('redes', valores)))}
    >
      <h2 id="bo-redes-titulo">Redes sociales</h2>
      <p className="bo-nota">Enlaces del pie de página; vacío: no se muestra.</p>
      <Campo etiqueta="Instagram" type="url" placeholder="https://www.instagram.com/…" {...register('instagram')} />
      <Campo etiqueta="TikTok" type="url" placeholder="https://www.tiktok.com/@…" {...register('tiktok')} />
      <Campo etiqueta="Facebook" type="url" placeholder="https://www.facebook.com/…" {...register('facebook')} />
      <Campo etiqueta="YouTube" type="url" placeholder="https://www.youtube.com/@…" {...register('youtube')} />
      <Aviso ok={aviso.ok} error={aviso.error} />
      <button type="submit" className="btn bo-btn--sm" disabled={formState.isSubmitting}>
        Publicar redes
      </button>
    </form>
  );
}
