import { useSearch } from 'wouter';
import { deLaConsulta, Vistas } from '../libros/Vistas.tsx';
import { EstadoPublicacion } from '../marco/EstadoPublicacion.tsx';
import { Pantalla } from '../marco/Pantalla.tsx';
import { ListaProgramada } from './ListaProgramada.tsx';
import { Paginas } from './Paginas.tsx';
import { TiendasRedes } from './TiendasRedes.tsx';

const SECCIONES = ['banners', 'franja', 'popup', 'paginas', 'tiendas'] as const;
type Seccion = (typeof SECCIONES)[number];
const NOMBRE: Record<Seccion, string> = {
  banners: 'Banners',
  franja: 'Franja de anuncios',
  popup: 'Popup',
  paginas: 'Páginas',
  tiendas: 'Tiendas y redes',
};

/**
 * 'Contenido': the storefront's home (banners, top strip, popup), its static pages' text, the locations
 * with their hours and the social links; each edited, scheduled, previewed at 390 and 1280 px and
 * published, with whether the shop shows it yet (EstadoPublicacion) above.
 */
export default function Contenido() {
  const seccion = deLaConsulta(useSearch(), 'seccion', SECCIONES, 'banners');
  return (
    <Pantalla titulo="Contenido">
      <EstadoPublicacion />
      <Vistas
        etiqueta="Qué editar"
        actual={seccion}
        vistas={SECCIONES.map((clave) => ({ clave, texto: NOMBRE[clave], href: `/contenido?seccion=${clave}` }))}
      />
      {seccion === 'banners' && <ListaProgramada key="banners" lista="banners" />}
      {seccion === 'franja' && <ListaProgramada key="mensajes" lista="mensajes" />}
      {seccion === 'popup' && <ListaProgramada key="popups" lista="popups" />}
      {seccion === 'paginas' && <Paginas />}
      {seccion === 'tiendas' && <TiendasRedes />}
    </Pantalla>
  );
}
