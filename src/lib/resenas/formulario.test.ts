import { describe, expect, it } from 'vitest';
import { resenaNuevaSchema } from '../api/resenas-schemas.ts';
import { MENSAJES_RESENA } from '../api/resenas-rules.ts';
import { RESENAS } from '../tienda.ts';
import { cuerpoResena, fotoGrande, problemaFoto, problemasResena, type FormularioResena } from './formulario.ts';

const bueno: FormularioResena = { estrellas: 4, titulo: 'Muy buena', texto: 'Me dejó la piel suave y sin brillo.' };

/** The schema's first message for each field of the body the form would send. */
function mensajesDelServidor(form: FormularioResena) {
  const result = resenaNuevaSchema.safeParse(cuerpoResena(7, form));
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.toReversed().map((issue) => [String(issue.path[0]), issue.message]));
}

const mensajesDelFormulario = (form: FormularioResena) => Object.fromEntries(problemasResena(form).map((p) => [p.campo, p.mensaje]));

describe('the reseña form’s checks', () => {
  it('accepts what the server accepts and sends the trimmed texts, no photo field without a photo', () => {
    expect(problemasResena(bueno)).toEqual([]);
    expect(mensajesDelServidor(bueno)).toEqual({});
    expect(cuerpoResena(7, { ...bueno, titulo: '  Muy buena ' })).toEqual({
      idProducto: 7,
      estrellas: 4,
      titulo: 'Muy buena',
      texto: bueno.texto,
    });
    expect(cuerpoResena(7, { ...bueno, foto: 'data:image/png;base64,AAAA' }).foto).toBe('data:image/png;base64,AAAA');
  });

  it.each<[string, Partial<FormularioResena>]>([
    ['no stars', { estrellas: 0 }],
    ['six stars', { estrellas: 6 }],
    ['a short title (spaces do not count)', { titulo: '  ab  ' }],
    ['a long title', { titulo: 'a'.repeat(RESENAS.tituloMaximo + 1) }],
    ['a short text', { texto: 'corto' }],
    ['a long text', { texto: 'a'.repeat(RESENAS.textoMaximo + 1) }],
    ['HTML in the title', { titulo: 'Hola <b>mundo</b>' }],
    ['HTML in the text', { texto: 'Muy bueno <script>alert(1)</script>' }],
    ['everything wrong', { estrellas: 0, titulo: '', texto: '' }],
  ])('refuses %s with the server’s own message', (_, cambios) => {
    const form = { ...bueno, ...cambios };
    expect(problemasResena(form).length).toBeGreaterThan(0);
    expect(mensajesDelFormulario(form)).toEqual(mensajesDelServidor(form));
  });

  it('takes JPEG, PNG and WebP photos up to the limit', () => {
    expect(problemaFoto({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(problemaFoto({ type: 'image/webp', size: RESENAS.fotoMaximaBytes })).toBeNull();
    expect(problemaFoto({ type: 'image/gif', size: 1000 })).toBe(MENSAJES_RESENA.fotoInvalida);
    expect(problemaFoto({ type: 'image/png', size: RESENAS.fotoMaximaBytes + 1 })).toBe(fotoGrande());
    expect(fotoGrande()).toBe('La foto es demasiado grande: el máximo es 12 MB.');
    expect(problemaFoto({ type: 'image/jpeg', size: 8 * 1024 * 1024 })).toBeNull(); // a phone's photo
  });
});
