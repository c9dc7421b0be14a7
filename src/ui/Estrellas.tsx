import type { CSSProperties } from 'react';
import { estrellasTexto, rellenoEstrellas } from '../lib/resenas/mostrar.ts';

interface Props {
  /** 0–5, shown to the nearest half star. */
  valor: number;
  /** What a screen reader hears; '4,5 de 5 estrellas' by default; null when the words stand beside them (hidden then). */
  etiqueta?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * Five stars filled to `valor`, one image to assistive technology (role="img" with its words). The
 * stars are a CSS mask over a two-colour fill, so a half star costs no markup and no icon requests.
 */
export default function Estrellas({ valor, etiqueta = estrellasTexto(valor), size = 'md', className }: Props) {
  return (
    <span
      className={`estrellas estrellas--${size}${className ? ` ${className}` : ''}`}
      {...(etiqueta === null ? { 'aria-hidden': true } : { role: 'img', 'aria-label': etiqueta })}
      style={{ '--relleno': `${rellenoEstrellas(valor)}%` } as CSSProperties}
    />
  );
}
