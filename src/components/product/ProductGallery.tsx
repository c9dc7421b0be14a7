import { photoAlt } from '../../lib/product/fields.ts';
import Photo from '../../ui/Photo.tsx';

interface Props {
  images: string[];
  nombre: string;
  /** Each photo's alternative text by URL (the product's fotosAlt); a photo without one says the product's name. */
  fotosAlt?: Record<string, string>;
}

/**
 * The main image (eager, high priority: the page's LCP) and its thumbnails. The thumbnails switch the
 * main image and its alternative text through `initGallery` (product-page.ts); without JavaScript the first image stays.
 */
export default function ProductGallery({ images, nombre, fotosAlt }: Props) {
  const [first] = images;
  const alt = (src: string) => photoAlt({ fotosAlt }, src, nombre);
  return (
    <div className="pdp-gallery" data-gallery>
      <div className="pdp-gallery__main">
        <Photo
          src={first!}
          alt={alt(first!)}
          width={800}
          height={800}
          sizes="(max-width: 1024px) 100vw, 560px"
          loading="eager"
          fetchPriority="high"
          imgProps={{ 'data-gallery-main': true }}
        />
      </div>
      {images.length > 1 && (
        <ul className="pdp-gallery__thumbs" aria-label="Imágenes del producto">
          {images.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                className="pdp-gallery__thumb"
                data-gallery-thumb={src}
                data-gallery-alt={alt(src)}
                aria-pressed={index === 0}
                aria-label={`Ver imagen ${index + 1} de ${images.length}`}
              >
                <Photo src={src} alt="" width={88} height={88} sizes="88px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
