import type { ContenidoPublico, Pagina, PaginaEditable, Redes, Textos, TiendaEditable } from '../api/contenido-schemas.ts';
import { DEVOLUCIONES, RECLAMOS, TIENDA, TRANSFERENCIA } from '../tienda.ts';
import { CONTACTO } from './contacto.ts';
import { PLAZA_NORTE, TIENDAS } from './tiendas.ts';

/**
 * The shop's texts until the owner edits them in the back office (Contenido): the static pages'
 * copy, the locations and hours, the social links. {valores} are filled in at build (valoresDeTexto).
 */

/** What {clave} means in a page's text: the code's values, under those the owner saved in 'Tienda' (`guardados`, /web/contenido's `valores`). */
export const valoresDeTexto = (guardados?: Record<string, string | number>): Record<string, string | number> => ({
  envioGratis: TIENDA.envioGratisDesde,
  diasDevolucion: DEVOLUCIONES.dias,
  horasTransferencia: TRANSFERENCIA.reservaHoras,
  plazoReclamos: RECLAMOS.plazoDiasHabiles,
  razonSocial: CONTACTO.razonSocial,
  ruc: CONTACTO.ruc,
  correo: CONTACTO.correo,
  telefono: CONTACTO.telefono,
  ...guardados,
});

const PREGUNTAS: Pagina = {
  descripcion:
    'Tiempos de entrega, envío gratis desde S/ {envioGratis}, recojo en tienda, pagos con tarjeta, Yape o transferencia, boleta o factura, cambios y devoluciones en K-Beauty Perú.',
  entradilla: 'Las respuestas a lo que más nos preguntan. ¿No encuentras la tuya? Escríbenos por WhatsApp.',
  secciones: [
    {
      titulo: '¿Cuánto demora en llegar mi pedido?',
      texto:
        '- Lima (distritos con reparto propio): de 24 a 48 horas.\n- Distritos de Lima que dependen de la cobertura: por courier, de 2 a 3 días hábiles.\n- Provincias: de 2 a 5 días hábiles.',
    },
    {
      titulo: '¿Cuánto cuesta el envío?',
      texto:
        '- El envío es gratis en compras mayores a S/ {envioGratis}, a cualquier parte del Perú.\n- Por debajo de ese monto, el costo del envío a domicilio depende de tu departamento, provincia y distrito, y lo ves en el carrito antes de pagar.\n- El recojo en tienda siempre es gratis.',
    },
    {
      titulo: '¿Puedo recoger mi pedido en una tienda?',
      texto:
        'Sí, sin costo. Al comprar elige «Recojo en Miraflores», «Recojo CC. Plaza San Miguel» o «Recojo CC. Plaza Norte». Te avisamos cuando esté listo; lleva tu documento de identidad y tu número de pedido. Direcciones y horarios en [Tienda física](/tienda-fisica).',
    },
    {
      titulo: '¿Los productos son originales?',
      texto: 'Sí, el 100 %. Los compramos a distribuidores autorizados en Corea y revisamos lote y fecha de vencimiento de cada envío.',
    },
    {
      titulo: '¿Cómo puedo pagar?',
      texto:
        '- **Tarjeta de crédito o débito** y los demás medios de Mercado Pago. Nunca vemos los datos de tu tarjeta.\n- **Yape**: ingresa tu celular y el código de aprobación que te muestra la app de Yape; el pago se confirma al instante.\n- **Transferencia bancaria**: al terminar tu pedido te mostramos nuestras cuentas y el monto exacto. Separamos tu pedido por {horasTransferencia} horas; lo preparamos cuando confirmamos la transferencia.',
    },
    {
      titulo: '¿Me dan boleta o factura?',
      texto:
        'Sí. Cada pedido pagado recibe su comprobante electrónico de SUNAT: **boleta** con tu DNI (o carné de extranjería o pasaporte), o **factura** si al pagar indicas el RUC y la razón social de tu empresa. Te lo enviamos por correo y lo encuentras en «Mis Compras».',
    },
    {
      titulo: '¿Necesito una cuenta para comprar?',
      texto:
        'Puedes ver productos y armar tu carrito sin cuenta. Para pagar te pedimos iniciar sesión, así puedes seguir tus pedidos en «Mis Compras».',
    },
    {
      titulo: '¿Puedo devolver o cambiar un producto?',
      texto:
        'Puedes pedir la devolución dentro de los {diasDevolucion} días de recibido, si el producto está sin abrir. Te devolvemos el dinero por el mismo medio con que pagaste (tarjeta o Yape); si pagaste por transferencia, a la cuenta que nos indiques. Emitimos la nota de crédito de tu boleta o factura.\n\nLos cambios son por un producto de igual o menor precio. Todos los detalles están en nuestros [términos y condiciones](/terminos-y-condiciones).',
    },
    {
      titulo: '¿Qué pasa si mi producto llega dañado?',
      texto:
        'Escríbenos apenas lo recibas, con fotos del producto y del empaque. La garantía cubre todo daño ocurrido antes de la entrega y lo reponemos sin costo.',
    },
    {
      titulo: '¿Qué es un producto en preventa?',
      texto:
        'Es un producto que aún está en camino desde Corea. Lo separas pagándolo hoy y te lo enviamos apenas llegue; en su ficha verás la fecha estimada de llegada.',
    },
    {
      titulo: 'No sé qué productos usar, ¿me ayudan?',
      texto:
        '¡Claro! Prueba nuestro [Creador de rutina](/Creador_de_piel) o escríbenos por WhatsApp y te recomendamos una rutina según tu tipo de piel.',
    },
  ],
};

const TERMINOS: Pagina = {
  descripcion:
    'Condiciones de compra de K-Beauty Perú: pagos con tarjeta, Yape o transferencia, boleta o factura, envíos, recojo en tienda, devoluciones, cambios y garantía.',
  entradilla:
    'Queremos que compres con total tranquilidad. Aquí te contamos, en simple, cómo funcionan los pagos, comprobantes, envíos, cambios y devoluciones.',
  secciones: [
    {
      titulo: '1. Sobre nosotros',
      texto:
        'Esta tienda es operada por {razonSocial} (RUC {ruc}), con tiendas en Lima. Al comprar en este sitio aceptas estas condiciones, que se rigen por las leyes peruanas, incluido el Código de Protección y Defensa del Consumidor (Ley N.° 29571).',
    },
    {
      titulo: '2. Productos y precios',
      texto:
        '- Todos nuestros productos son originales e importados de Corea del Sur.\n- Los precios están en soles (S/) e incluyen IGV. El precio válido es el que ves al confirmar tu pedido.\n- Las imágenes son referenciales; el empaque puede variar según el lote del fabricante.\n- Los productos en preventa muestran la fecha estimada de llegada; te avisaremos si cambia.',
    },
    {
      titulo: '3. Pagos',
      texto:
        '- **Tarjeta de crédito o débito** y los demás medios de **Mercado Pago**. Nunca vemos ni guardamos los datos de tu tarjeta. Tu pedido se confirma cuando Mercado Pago aprueba el pago.\n- **Yape**: pagas con tu celular y el código de aprobación de la app; el pago se procesa a través de Mercado Pago y se confirma al instante.\n- **Transferencia bancaria**: reservamos tu pedido por un máximo de **{horasTransferencia} horas** y te mostramos nuestras cuentas y el monto exacto. Confirmado el depósito, preparamos tu pedido; pasado ese plazo sin recibir el pago, el pedido se anula y el stock se libera para otros clientes.',
    },
    {
      titulo: '4. Comprobantes de pago',
      texto:
        'Todo pedido pagado recibe su comprobante electrónico, válido ante SUNAT: **boleta de venta** a tu nombre y documento, o **factura** si indicas el RUC y la razón social de tu empresa al pagar (no se cambia una boleta por factura una vez emitida). Te lo enviamos por correo y está en «Mis Compras». Si se anula o devuelve un pedido, emitimos la nota de crédito correspondiente.',
    },
    {
      titulo: '5. Envíos y recojo en tienda',
      texto:
        '- Enviamos a todo el Perú. Los plazos de entrega están en [Preguntas frecuentes](/preguntas-frecuentes).\n- El envío es **gratis en compras mayores a S/ {envioGratis}**. En otros casos, el costo del envío se calcula según tu departamento, provincia y distrito antes de pagar.\n- El **recojo es gratis** en nuestras tiendas y puntos de recojo (ver [Tienda física](/tienda-fisica)). Te avisaremos cuando tu pedido esté listo; presenta tu documento de identidad y el número de pedido.\n- Es importante que la dirección y el teléfono que nos das sean correctos; una dirección errónea puede retrasar la entrega.',
    },
    {
      titulo: '6. Devoluciones y reembolsos',
      texto:
        'Puedes solicitar la devolución de tu dinero dentro de los **{diasDevolucion} días calendario** siguientes a la recepción del pedido, siempre que el producto esté **sin abrir**, con su sello y empaque originales. Por higiene y seguridad no aceptamos devoluciones de productos abiertos o usados.\n\nEl reembolso es del precio pagado por esos productos (y del envío si devuelves todo el pedido) y se hace por el mismo medio de pago: a tu tarjeta o a tu Yape a través de Mercado Pago, o por transferencia a tu cuenta si pagaste por transferencia. Emitimos la nota de crédito de tu boleta o factura.\n\n**Cómo devolver:** entrégalo **sin costo** en cualquiera de nuestras tiendas o envíalo por courier; en ese caso el costo del envío de retorno corre por tu cuenta, salvo que el producto haya llegado dañado (ver Garantía). Aplica a pedidos entregados en el Perú.',
    },
    {
      titulo: '7. Cambios',
      texto:
        'Los cambios se aceptan dentro del mismo plazo y condiciones de la devolución, **solo por un producto de igual o menor precio**. El costo del envío de retorno y el del nuevo envío corren por cuenta del cliente. Si prefieres, puedes hacer el cambio en cualquiera de nuestras tiendas.',
    },
    {
      titulo: '8. Garantía',
      texto:
        'La garantía cubre los **daños ocurridos antes de la entrega**, por ejemplo un envase roto o con fugas durante el transporte. Revisa tu pedido al recibirlo y escríbenos cuanto antes con fotos del producto y del empaque; lo reponemos sin costo. La garantía no cubre reacciones de la piel ni el mal uso del producto: te recomendamos hacer siempre una prueba en una zona pequeña.',
    },
    {
      titulo: '9. Cupones y descuentos',
      texto:
        'Los cupones se aplican a productos que no tengan otro descuento ni estén en Sale, dentro de sus fechas de vigencia. Se usa un cupón por pedido y no son canjeables por dinero.',
    },
    {
      titulo: '10. Reclamos y contacto',
      texto:
        'Si algo no salió bien, escríbenos a [{correo}](mailto:{correo}) o por WhatsApp al {telefono}. También puedes registrar tu queja o reclamo en nuestro [Libro de Reclamaciones](/libro-de-reclamaciones); te responderemos en un plazo máximo de {plazoReclamos} días hábiles.',
    },
  ],
};

const NOSOTROS: Pagina = {
  descripcion:
    'Conoce K-Beauty Perú: cosmética coreana 100 % original, asesoría personalizada, tiendas en Lima y pagos con tarjeta, Yape o transferencia.',
  entradilla:
    'Somos una tienda peruana apasionada por el skincare coreano. Traemos a tu casa las marcas que aman en Seúl, con la confianza de comprar a gente que las usa todos los días.',
  secciones: [
    {
      titulo: 'Nuestra historia',
      texto:
        'K-Beauty Perú nació de una pregunta que nos hacían a diario nuestras amigas: «¿dónde compro ese sérum coreano sin miedo a que sea falso?». Empezamos trayendo pequeños pedidos para ellas y hoy acompañamos a miles de personas en todo el país a cuidar su piel con productos originales, a precios justos y con una asesoría cercana.\n\nCreemos en el cuidado de la piel como un momento para ti: rutinas sencillas, ingredientes que funcionan y texturas que da gusto usar. Por eso probamos lo que vendemos, leemos cada lista de ingredientes y solo traemos lo que recomendaríamos a nuestra propia familia.',
    },
    {
      titulo: 'Lo que nos mueve',
      texto:
        '- **100 % originales.** Compramos directamente a distribuidores autorizados en Corea. Cada producto llega con su lote y fecha de vencimiento verificados.\n- **Asesoría de verdad.** Te ayudamos a armar tu rutina según tu tipo de piel, tu edad y lo que quieres mejorar, en tienda o por WhatsApp.\n- **Envíos a todo el Perú.** Despachamos a Lima y provincias, con envío gratis en compras mayores a S/ {envioGratis}.\n- **Paga como prefieras.** Tarjeta a través de Mercado Pago (nunca vemos los datos de tu tarjeta), Yape o transferencia bancaria, con boleta o factura electrónica en cada compra.\n- **Devoluciones sin enredos.** Tienes {diasDevolucion} días para devolver un producto sin abrir y te reembolsamos por el mismo medio de pago.',
    },
    {
      titulo: 'Visítanos',
      texto:
        'En nuestras tiendas de Lima puedes probar texturas, recoger tus pedidos web sin costo y conversar con nuestro equipo. Revisa direcciones y horarios en [Tienda física](/tienda-fisica).\n\n¿Tienes dudas sobre tu rutina? Escríbenos por WhatsApp con el botón verde de la esquina y te respondemos en minutos.',
    },
  ],
};

export const PAGINAS_POR_DEFECTO: Record<PaginaEditable, Pagina> = {
  'preguntas-frecuentes': PREGUNTAS,
  'terminos-y-condiciones': TERMINOS,
  'acerca-de-nosotros': NOSOTROS,
};

/** The page's title and heading (not editable: the menus and links name it). */
export const TITULOS_PAGINA: Record<PaginaEditable, string> = {
  'preguntas-frecuentes': 'Preguntas frecuentes',
  'terminos-y-condiciones': 'Términos y condiciones',
  'acerca-de-nosotros': 'Acerca de nosotros',
};

export const TIENDAS_POR_DEFECTO: TiendaEditable[] = [...TIENDAS, PLAZA_NORTE].map((t) => ({ ...t, horario: [...t.horario] }));

export const REDES_POR_DEFECTO: Redes = { instagram: CONTACTO.instagramUrl, tiktok: CONTACTO.tiktokUrl, facebook: '', youtube: '' };

/** The build's content: the texts (the code's copy when the API has none), and the scheduled banners and messages (null: the API has no /web/contenido, the old lists stand). */
export interface ContenidoDelSitio {
  textos: Textos;
  /** The texts' {valores}, the owner's settings over the code's (valoresDeTexto). */
  valores: Record<string, string | number>;
  banners: ContenidoPublico['banners'] | null;
  mensajes: ContenidoPublico['mensajes'] | null;
}

/** What the pages render from the build's `contenido` collection (absent: an API without /web/contenido). */
export const contenidoDelSitio = (contenido: ContenidoPublico | undefined): ContenidoDelSitio =>
  contenido
    ? {
        textos: { paginas: contenido.paginas, tiendas: contenido.tiendas, redes: contenido.redes },
        valores: valoresDeTexto(contenido.valores),
        banners: contenido.banners,
        mensajes: contenido.mensajes,
      }
    : { textos: textosPorDefecto(), valores: valoresDeTexto(), banners: null, mensajes: null };

/** Every text as the code has it. */
export const textosPorDefecto = (): Textos => ({
  paginas: structuredClone(PAGINAS_POR_DEFECTO),
  tiendas: structuredClone(TIENDAS_POR_DEFECTO),
  redes: { ...REDES_POR_DEFECTO },
});
