import { useState } from 'react';
import { photoAlt } from '../../lib/product/fields.ts';
import Photo from '../../ui/Photo.tsx';

interface Props {
  images: string[];
  nombre: string;
  /** Each photo's alternative text by URL (the product's fotosAlt). */
  fotosAlt?: Record<string, string>;
}

/** The quick view's images, with previous/next arrows that wrap around and an 'n / total' counter. */
export default function PreviewGallery({ images, nombre, fotosAlt }: Props) {
  const [index, setIndex] = useState(0);
  const total = images.length;
  const go = (step: number) => setIndex((index + step + total) % total);
  return (
    <div className="gallery" aria-roledescription="galería" aria-label={`Imágenes de ${nombre}`}>
      <Photo
        key={images[index]}
        className="gallery__img"
        src={images[index]!}
        alt={photoAlt({ fotosAlt }, images[index]!, `${nombre}, imagen ${index + 1} de ${total}`)}
        width={600}
        height={600}
        sizes="(max-width: 640px) 100vw, 480px"
        loading="eager"
      />
      {total > 1 && (
        <>
          <button
            type="button"
            className="icon-btn icon-btn--raised gallery__arrow gallery__arrow--prev"
            aria-label="Imagen anterior"
            onClick={() => go(-1)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z" />
            </svg>
          </button>
          <button
            type="button"
            className="icon-btn icon-btn--raised gallery__arrow gallery__arrow--next"
            aria-label="Imagen siguiente"
            onClick={() => go(1)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" />
            </svg>
          </button>
        </>
      )}
      <p className="gallery__counter" aria-live="polite">
        {index + 1} / {total}
      </p>
    </div>
  );
}
