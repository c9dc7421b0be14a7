import { photoSrcSets } from '../lib/catalogue/photos.ts';

interface Props {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** How wide it shows, for the browser to pick a copy (the `sizes` attribute). */
  sizes: string;
  className?: string;
  loading?: 'eager' | 'lazy';
  /** 'auto', the browser's own, is not written out (21 bytes of each card's photos). */
  fetchPriority?: 'high' | 'auto';
  /** Extra attributes for the <img> (data-* hooks). */
  imgProps?: Record<string, string | boolean>;
}

/**
 * A product photo: for a store photo, a <picture> offering the AVIF and WebP copies at every width
 * (lib/catalogue/photos.ts) with the original as the fallback; otherwise a plain <img>. The <picture>
 * has `display: contents`, so the <img> lays out as if it stood alone.
 */
export default function Photo({
  src,
  alt,
  width,
  height,
  sizes,
  className,
  loading = 'lazy',
  fetchPriority = 'auto',
  imgProps = {},
}: Props) {
  // `decoding="async"` only on a first-screen photo, where it was measured; a lazy one is fetched and
  // decoded after the page is shown either way, and the attribute was 17 bytes of every card's photos.
  const img = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority === 'high' ? 'high' : undefined}
      decoding={loading === 'eager' ? 'async' : undefined}
      {...imgProps}
    />
  );
  const sets = photoSrcSets(src);
  if (!sets) return img;
  return (
    <picture className="photo">
      <source type="image/avif" srcSet={sets.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sets.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
