import Photo from '../../ui/Photo.tsx';

interface Props {
  images: string[];
  nombre: string;
}

/**
 * The main image (eager, high priority: the page's LCP) and its thumbnails. The thumbnails switch the
 * main image through `initGallery` (product-page.ts); without JavaScript the first image stays.
 */
export default function ProductGallery({ images, nombre }: Props) {
  const [first] = images;
  return (
    <div className="pdp-gallery" data-gallery>
      <div className="pdp-gallery__main">
        <Photo
          src={first!}
          alt={nombre}
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
