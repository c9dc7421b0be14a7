import { useId, useState } from 'react';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';

/** The file as base64 (the API's image upload takes JSON). */
const enBase64 = async (archivo: File) => {
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  let binario = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binario);
};

/** A file picker (the phone's camera roll too) that stores the image in the shop and gives its address. */
export function SubirImagen({ etiqueta, alSubir }: { etiqueta: string; alSubir: (url: string) => void }) {
  const cliente = useCliente();
  const id = useId();
  const [estado, setEstado] = useState<{ subiendo: boolean; error: string | null; hecho: string | null }>({
    subiendo: false,
    error: null,
    hecho: null,
  });
  return (
    <div className="bo-subir">
      <label htmlFor={id} className="btn btn--outline bo-btn--sm">
        {estado.subiendo ? 'Subiendo…' : etiqueta}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="visually-hidden"
        disabled={estado.subiendo}
        onChange={async (evento) => {
          const archivo = evento.target.files?.[0];
          if (!archivo) return;
          setEstado({ subiendo: true, error: null, hecho: null });
          try {
            const { url } = await cliente.uploadContentImage(archivo.name, await enBase64(archivo));
            alSubir(url);
            setEstado({ subiendo: false, error: null, hecho: `${archivo.name} subida.` });
          } catch (e) {
            setEstado({ subiendo: false, error: mensajeDe(e), hecho: null });
          }
        }}
      />
      <span aria-live="polite" className={estado.error ? 'bo-error' : 'bo-nota'}>
        {estado.error ?? estado.hecho}
      </span>
    </div>
  );
}
