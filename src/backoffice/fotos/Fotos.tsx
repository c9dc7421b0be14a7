import { useId, useRef, useState, type DragEvent } from 'react';
import { FOTOS_PRODUCTO } from '../../lib/tienda.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';

/** One photo of a product: its store URL (/imagenes/… or /demo/…) and its alternative text. The first is the main one. */
export interface FotoProducto {
  url: string;
  alt: string;
}

/** A file on its way to the store: waiting its turn, uploading, or refused (with the API's Spanish message). */
interface Subida {
  id: number;
  nombre: string;
  estado: 'en-cola' | 'subiendo' | 'error';
  mensaje?: string;
}

/** A file's bytes in base64, as POST /admin/api/fotos takes them. */
export async function base64DeArchivo(archivo: Blob): Promise<string> {
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  let binario = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let desde = 0; desde < bytes.length; desde += 0x8000) binario += String.fromCharCode(...bytes.subarray(desde, desde + 0x8000));
  return btoa(binario);
}

/** The text a new photo gets: the product's name (the owner may say more), so no photo ever reaches the shop without one. */
const altPorDefecto = (nombreProducto: string, posicion: number) =>
  nombreProducto.trim() ? (posicion === 0 ? nombreProducto.trim() : `${nombreProducto.trim()}, foto ${posicion + 1}`) : '';

/**
 * A product's photos in its form (issue 37): add them from the phone's camera roll or by dropping
 * files (several at once, two uploading at a time, each with its state), then order them (the first
 * is the main one: 'Hacer principal', 'Subir', 'Bajar'), say what each shows (its alternative text,
 * which the storefront writes on the photo) or take one away. Each file goes to the store through
 * the client (the server re-encodes it, without its EXIF and location) before `onChange` gets the list.
 */
export function Fotos({
  fotos,
  onChange,
  nombreProducto,
}: {
  fotos: FotoProducto[];
  onChange: (fotos: FotoProducto[]) => void;
  nombreProducto: string;
}) {
  const cliente = useCliente();
  const id = useId();
  const [subidas, setSubidas] = useState<Subida[]>([]);
  const [encima, setEncima] = useState(false);
  const [aviso, setAviso] = useState('');
  const siguiente = useRef(0);
  // The latest list, for uploads that end after the form re-rendered (each adds to what is there then).
  const actuales = useRef(fotos);
  actuales.current = fotos;
  const cambiar = (lista: FotoProducto[]) => {
    actuales.current = lista;
    onChange(lista);
  };

  const cambiarSubida = (idSubida: number, cambio: Partial<Subida> | null) =>
    setSubidas((todas) =>
      cambio ? todas.map((una) => (una.id === idSubida ? { ...una, ...cambio } : una)) : todas.filter((una) => una.id !== idSubida),
    );

  async function agregar(archivos: File[]) {
    if (archivos.length === 0) return;
    setAviso('');
    const nuevas = archivos.map((archivo) => ({
      archivo,
      subida: { id: ++siguiente.current, nombre: archivo.name, estado: 'en-cola' as const },
    }));
    setSubidas((todas) => [...todas, ...nuevas.map(({ subida }) => subida)]);
    const cola = [...nuevas];
    let listas = 0;
    const trabajador = async () => {
      for (let uno = cola.shift(); uno; uno = cola.shift()) {
        const { archivo, subida } = uno;
        cambiarSubida(subida.id, { estado: 'subiendo' });
        try {
          const foto = await cliente.uploadPhoto(archivo.name, await base64DeArchivo(archivo));
          cambiarSubida(subida.id, null);
          if (actuales.current.some((una) => una.url === foto.url)) {
            setAviso(`${archivo.name} ya está entre las fotos.`);
            continue;
          }
          cambiar([...actuales.current, { url: foto.url, alt: altPorDefecto(nombreProducto, actuales.current.length) }]);
          listas++;
        } catch (error) {
          cambiarSubida(subida.id, { estado: 'error', mensaje: mensajeDe(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(FOTOS_PRODUCTO.subidasSimultaneas, nuevas.length) }, trabajador));
    if (listas > 0)
      setAviso((antes) => [listas === 1 ? 'Se agregó 1 foto.' : `Se agregaron ${listas} fotos.`, antes].filter(Boolean).join(' '));
  }

  const mover = (desde: number, hasta: number) => {
    const lista = [...fotos];
    const [foto] = lista.splice(desde, 1);
    lista.splice(hasta, 0, foto!);
    cambiar(lista);
  };

  const soltar = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setEncima(false);
    void agregar([...event.dataTransfer.files].filter((archivo) => archivo.type === '' || archivo.type.startsWith('image/')));
  };

  const enCurso = subidas.filter((una) => una.estado !== 'error').length;
  return (
    <div className="bo-fotos">
      <div
        className={`bo-fotos__zona${encima ? ' bo-fotos__zona--encima' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setEncima(true);
        }}
        onDragLeave={() => setEncima(false)}
        onDrop={soltar}
      >
        <input
          id={`${id}-archivos`}
          className="visually-hidden bo-fotos__archivo"
          type="file"
          multiple
          accept="image/*"
          onChange={(event) => {
            const archivos = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void agregar(archivos);
          }}
        />
        <label htmlFor={`${id}-archivos`} className="btn btn--outline bo-btn--sm">
          Agregar fotos
        </label>
        <span className="bo-nota">o arrástralas aquí. JPEG, PNG, WebP o AVIF; la primera es la principal.</span>
      </div>

      {subidas.length > 0 && (
        <ul className="bo-fotos__subidas" aria-label="Fotos subiendo">
          {subidas.map((subida) => (
            <li key={subida.id} className={subida.estado === 'error' ? 'bo-fotos__subida--error' : undefined}>
              <span className="bo-fotos__nombre">{subida.nombre}</span>
              {subida.estado === 'error' ? (
                <>
                  <span role="alert">{subida.mensaje}</span>
                  <button type="button" className="btn btn--ghost bo-btn--sm" onClick={() => cambiarSubida(subida.id, null)}>
                    Descartar
                  </button>
                </>
              ) : (
                <>
                  <progress
                    aria-label={`${subida.estado === 'subiendo' ? 'Subiendo' : 'En espera'}: ${subida.nombre}`}
                    {...(subida.estado === 'en-cola' ? { value: 0, max: 1 } : {})}
                  />
                  <span className="bo-nota">{subida.estado === 'subiendo' ? 'Subiendo…' : 'En espera'}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="bo-nota" role="status">
        {enCurso > 0 ? (enCurso === 1 ? 'Subiendo 1 foto…' : `Subiendo ${enCurso} fotos…`) : aviso}
      </p>

      {fotos.length === 0 ? (
        <p className="bo-nota">Aún no tiene fotos: la tienda muestra un dibujo en su lugar.</p>
      ) : (
        <ol className="bo-fotos__lista">
          {fotos.map((foto, indice) => {
            const numero = indice + 1;
            const posicion = `${id}-posicion-${indice}`;
            return (
              <li key={foto.url} className="bo-fotos__foto">
                <img src={foto.url} alt="" className="bo-fotos__miniatura" width={96} height={96} loading="lazy" />
                <div className="bo-fotos__datos">
                  <p id={posicion} className="bo-fotos__posicion">
                    {indice === 0 ? <strong>Foto principal</strong> : `Foto ${numero} de ${fotos.length}`}
                  </p>
                  <label htmlFor={`${id}-alt-${indice}`} className="bo-fotos__etiqueta">
                    Texto alternativo de la foto {numero}
                  </label>
                  <input
                    id={`${id}-alt-${indice}`}
                    className="auth-field__input"
                    value={foto.alt}
                    maxLength={200}
                    placeholder="Qué se ve: «Frasco de 150 ml con su caja»"
                    onChange={(event) => cambiar(fotos.map((una, otro) => (otro === indice ? { ...una, alt: event.target.value } : una)))}
                  />
                  <div className="bo-acciones">
                    {indice > 0 && (
                      <button
                        type="button"
                        className="btn btn--outline bo-btn--sm"
                        aria-describedby={posicion}
                        onClick={() => mover(indice, 0)}
                      >
                        Hacer principal
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn--outline bo-btn--sm"
                      aria-describedby={posicion}
                      disabled={indice === 0}
                      onClick={() => mover(indice, indice - 1)}
                    >
                      Subir
                    </button>
                    <button
                      type="button"
                      className="btn btn--outline bo-btn--sm"
                      aria-describedby={posicion}
                      disabled={indice === fotos.length - 1}
                      onClick={() => mover(indice, indice + 1)}
                    >
                      Bajar
                    </button>
                    <button
                      type="button"
                      className="btn btn--ghost bo-btn--sm"
                      aria-describedby={posicion}
                      onClick={() => cambiar(fotos.filter((_, otro) => otro !== indice))}
                    >
                      Quitar
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
