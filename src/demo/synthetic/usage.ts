/** Child categories rinsed off after use; the others stay on the skin. */
export const RINSE_OFF = new Set([
  'Limpiador en aceite',
  'Limpiador en espuma',
  'Bálsamo desmaquillante',
  'Exfoliante físico',
  'Peeling gel',
  'Mascarilla de arcilla',
  'Mascarilla en crema',
  'Cabello',
  'Baño y ducha',
  'Pies',
]);

/** How a rinse-off product is removed ({n}: a small number). */
export const RINSE_STEPS = [
  'Enjuaga con abundante agua tibia.',
  'Retira con agua tibia después de {n} minutos.',
  'Enjuaga bien y seca con una toalla limpia.',
  'Deja actuar {n} minutos y enjuaga.',
  'Retira con agua fría para cerrar los poros.',
] as const;

/**
 * How each child category of TAXONOMY is used: the first step of its 'modo de uso', so a cleanser
 * is not applied like a sheet mask. `{n}` is replaced with a small number.
 */
export const FIRST_STEPS_BY_CHILD: Record<string, readonly string[]> = {
  'Limpiador en aceite': ['Aplica {n} pulsaciones sobre el rostro seco.', 'Con las manos secas, extiende el aceite sobre el maquillaje.'],
  'Limpiador en espuma': [
    'Haz espuma con una pequeña cantidad y un poco de agua.',
    'Aplica sobre el rostro húmedo una cantidad del tamaño de una avellana.',
  ],
  'Bálsamo desmaquillante': [
    'Toma una porción con la espátula y derrítela entre los dedos.',
    'Aplica sobre el rostro seco y masajea {n}0 segundos.',
  ],
  'Agua micelar': ['Empapa un disco de algodón con el agua micelar.', 'Presiona el disco sobre los ojos durante {n}0 segundos.'],
  'Exfoliante químico': [
    'Aplica con un algodón sobre la piel limpia, {n} veces por semana.',
    'Aplica {n} gotas sobre las zonas con poros dilatados.',
  ],
  'Exfoliante físico': ['Mezcla una pequeña cantidad con agua hasta formar espuma.', 'Aplica sobre el rostro húmedo evitando los ojos.'],
  'Peeling gel': ['Aplica sobre el rostro seco y limpio.', 'Extiende una capa y espera {n}0 segundos.'],
  'Tónico hidratante': [
    'Vierte unas gotas en las palmas y presiona sobre el rostro.',
    'Aplica {n} capas con las manos después de la limpieza.',
  ],
  'Tónico exfoliante': ['Empapa un algodón y pásalo sobre el rostro limpio.', 'Aplica por la noche sobre la piel limpia.'],
  'Tónico calmante': [
    'Aplica con las manos o con un algodón después de la limpieza.',
    'Empapa {n} discos de algodón y déjalos sobre las mejillas.',
  ],
  'Sérum hidratante': ['Aplica {n} gotas sobre el rostro después del tónico.', 'Coloca unas gotas en la palma de la mano.'],
  'Sérum iluminador': ['Aplica {n} gotas sobre el rostro limpio.', 'Aplica sobre las manchas después del tónico.'],
  Ampolla: ['Aplica {n} gotas con el gotero sobre el rostro.', 'Después del tónico, aplica una pequeña cantidad.'],
  'Mascarilla en tela': [
    'Después del tónico, coloca la mascarilla sobre el rostro.',
    'Retira el film y ajusta la mascarilla a los ojos y la boca.',
  ],
  'Mascarilla de arcilla': ['Aplica una capa uniforme sobre el rostro limpio.', 'Aplica sobre la zona T una capa fina.'],
  'Mascarilla en crema': ['Aplica una capa generosa sobre el rostro limpio.', 'Extiende sobre el rostro evitando el contorno de ojos.'],
  'Esencia hidratante': ['Aplica unas gotas después del tónico.', 'Vierte la esencia en las palmas de las manos.'],
  'Primera esencia': ['Aplica como primer paso después de la limpieza.', 'Vierte una pequeña cantidad en un algodón o en las manos.'],
  'Loción facial': ['Aplica una cantidad adecuada después del sérum.', 'Extiende {n} pulsaciones sobre el rostro y el cuello.'],
  Emulsión: ['Aplica después de la esencia.', 'Toma {n} pulsaciones y extiende sobre el rostro.'],
  'Crema hidratante': ['Aplica una cantidad del tamaño de una perla como último paso.', 'Toma una pequeña cantidad con la espátula.'],
  'Crema calmante': ['Aplica sobre las zonas irritadas.', 'Aplica una capa fina como último paso.'],
  'Gel crema': ['Aplica una pequeña cantidad al final de la rutina.', 'Extiende una capa ligera sobre el rostro.'],
  'Crema de ojos': ['Toma una cantidad del tamaño de un grano de arroz.', 'Aplica con el dedo anular alrededor del ojo.'],
  'Parches de ojos': ['Coloca los parches bajo los ojos durante {n} minutos.', 'Saca un par de parches con la espátula.'],
  'Bruma facial': ['Rocía a {n}0 cm del rostro con los ojos cerrados.', 'Agita y rocía sobre el rostro o el maquillaje.'],
  'Mascarilla de noche': ['Aplica una capa generosa como último paso de la noche.', 'Extiende una capa fina antes de dormir.'],
  'Mascarilla de labios': ['Aplica una capa gruesa sobre los labios antes de dormir.', 'Aplica con la espátula sobre los labios.'],
  'Crema tone up': ['Aplica después de la crema hidratante.', 'Aplica una pequeña cantidad en {n} puntos del rostro.'],
  'Bloqueador en crema': ['Aplica una cantidad generosa {n} minutos antes de salir.', 'Aplica dos dedos de producto sobre el rostro.'],
  'Bloqueador en barra': ['Desliza la barra sobre el rostro {n} veces.', 'Aplica sobre el rostro y los brazos.'],
  'Bloqueador en gel': ['Aplica una cantidad generosa como último paso.', 'Extiende sobre el rostro {n} minutos antes de salir.'],
  'Pads tonificantes': ['Pasa un pad por el rostro limpio.', 'Coloca un pad sobre las mejillas durante {n} minutos.'],
  'Pads exfoliantes': ['Pasa el lado texturizado del pad sobre la piel.', 'Usa un pad {n} veces por semana.'],
  Cushion: ['Presiona la esponja sobre el cushion.', 'Toma producto con el puff.'],
  'BB Cream': ['Aplica una pequeña cantidad en {n} puntos del rostro.', 'Toma una cantidad del tamaño de una perla.'],
  Corrector: ['Aplica sobre la zona a corregir.', 'Aplica {n} puntos de producto bajo los ojos.'],
  Polvo: ['Toma polvo con la brocha o el puff.', 'Retira el exceso de polvo del puff.'],
  Rubor: ['Sonríe y aplica sobre la parte alta de las mejillas.', 'Toma un poco de producto con la yema de los dedos.'],
  Sombras: ['Aplica el tono claro en todo el párpado.', 'Toma un poco de sombra con la brocha.'],
  Delineador: ['Traza una línea fina desde el lagrimal.', 'Dibuja el delineado en {n} trazos cortos.'],
  'Máscara de pestañas': ['Aplica desde la raíz de las pestañas.', 'Riza las pestañas antes de aplicar.'],
  Cejas: ['Dibuja trazos cortos en la dirección del vello.', 'Peina las cejas hacia arriba.'],
  Tint: ['Aplica en el centro de los labios.', 'Aplica {n} capas en el interior de los labios.'],
  Labial: ['Aplica directamente sobre los labios.', 'Delinea el borde de los labios y rellena.'],
  'Bálsamo labial': ['Aplica sobre los labios limpios.', 'Aplica una capa cuando sientas los labios secos.'],
  Gloss: ['Aplica en el centro del labio inferior.', 'Aplica sobre el labial o solo.'],
  Cabello: ['Aplica sobre el cabello mojado.', 'Distribuye una pequeña cantidad de medios a puntas.'],
  Manos: ['Aplica una pequeña cantidad sobre las manos limpias.', 'Aplica después de lavar las manos.'],
  Pies: ['Aplica sobre los pies limpios y secos.', 'Coloca los pies en los botines durante {n} minutos.'],
  'Hidratación corporal': ['Aplica sobre la piel húmeda después de la ducha.', 'Toma una cantidad generosa en las manos.'],
  'Baño y ducha': ['Aplica sobre la piel húmeda.', 'Haz espuma con una esponja o las manos.'],
  Brochas: ['Toma producto con la brocha y retira el exceso.', 'Carga la brocha con poco producto.'],
  Esponjas: ['Humedece la esponja y escúrrela bien.', 'Presiona la esponja sobre la base.'],
  'Herramientas faciales': ['Aplica un sérum o aceite sobre el rostro.', 'Enfría la herramienta en la refrigeradora {n} minutos.'],
  Neceseres: ['Coloca cada producto en su compartimento.', 'Abre el neceser por completo para ordenar tus productos.'],
};
