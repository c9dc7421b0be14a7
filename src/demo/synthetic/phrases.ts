/**
 * Spanish phrases the synthetic catalogue's texts are written from, per menu line: fillers that
 * texts.ts puts into sentence templates, so no two products read the same.
 */

/** The fillers of one menu line's texts. */
export interface LineWords {
  /** Ingredients (or materials) as the 'ingredientes' field lists them. */
  ingredients: readonly string[];
  /** What the product does, as groups of verbs and the objects they fit: "… que {verb} {object}". */
  benefits: readonly { verbs: readonly string[]; objects: readonly string[] }[];
  /** Adjectives of the result: "Deja la piel {result} y {result}". */
  results: readonly string[];
  /** How the result sentence starts. */
  resultLead: string;
  /** Sizes it comes in: "Envase de {size}" (none for accessories). */
  sizes: readonly string[];
  /** Textures: "de textura {texture}". */
  textures: readonly string[];
  /** How the texture behaves: "Su textura {texture} {feel}". */
  feels: readonly string[];
  /** Who it is for: "Ideal para {audience}". */
  audiences: readonly string[];
  /** How it is spread: "{verb} {manner} {zone}." */
  motions: { verbs: readonly string[]; manners: readonly string[]; zones: readonly string[] };
  /** Usage steps after the child category's first step and the motion ({n}: a small number). */
  middleSteps: readonly string[];
  /** Closing advice of the usage. */
  lastSteps: readonly string[];
  /** When to use it: "Úsalo {moment}". */
  moments: readonly string[];
}

/** When a benefit shows, appended to some sentences. */
export const WHEN = [
  'desde la primera aplicación', 'durante todo el día', 'en pocos días', 'tras dos semanas de uso', 'sin resecar',
  'sin dejar residuos', 'incluso en climas húmedos', 'con el uso continuo', 'sin irritar', 'de forma progresiva',
  'hasta por 24 horas', 'hasta por 48 horas', 'noche tras noche', 'sin sensación pesada', 'en cada uso',
  'incluso bajo el maquillaje', 'en cuestión de minutos', 'sin obstruir los poros', 'a lo largo de la jornada',
  'con solo unas gotas', 'aun en pieles sensibles', 'sin perder frescura', 'tanto de día como de noche', 'en una sola pasada',
  'sin alterar el pH', 'mientras duermes', 'sin dejar brillo', 'desde la primera semana', 'aunque haga calor',
] as const;

/** Short phrases of a product's character: "{Type} {origin} que …". */
export const ORIGINS = [
  'de origen coreano', 'con receta de Jeju', 'de fórmula minimalista', 'de uso diario', 'de fórmula ligera',
  'de acción rápida', 'de larga duración', 'de tamaño generoso', 'de pH equilibrado', 'de inspiración botánica',
  'de edición limitada', 'de la rutina de diez pasos', 'de alta concentración', 'de formato práctico',
] as const;

/** What a formula leaves out: "Sin {free} ni {free}". */
export const FREE_OF = [
  'fragancia', 'alcohol', 'parabenos', 'siliconas', 'aceites minerales', 'colorantes artificiales', 'sulfatos',
  'talco', 'perfume añadido', 'ftalatos',
] as const;

const SKIN: LineWords = {
  ingredients: [
    'Extracto de Centella asiática', 'Agua de arroz fermentada', 'Extracto de té verde de Jeju', 'Extracto de raíz de ginseng',
    'Filtrado de secreción de caracol', 'Extracto de propóleo', 'Niacinamida', 'Ceramida NP', 'Hialuronato de sodio',
    'Extracto de Houttuynia cordata', 'Extracto de artemisa', 'Madecassoside', 'Palmitoil pentapéptido-4', 'Retinal encapsulado',
    'Ácido ascórbico', 'Pantenol', 'Extracto de yuzu', 'Aceite de semilla de camelia', 'Agua de bambú', 'Jugo de hoja de aloe',
    'Extracto de miel de Manuka', 'Ceniza volcánica de Jeju', 'Extracto de algas marinas', 'Colágeno hidrolizado',
    'Lactobacillus fermentado', 'Extracto de avena', 'Agua de lavanda', 'Agua floral de rosa damascena', 'Extracto de mandarina',
    'Savia de abedul', 'Ácido salicílico', 'Ácido glicólico', 'Gluconolactona', 'Extracto de cacao', 'Extracto de calamansi',
    'Extracto de Tremella fuciformis', 'Extracto de cereza de Jeju', 'Polvo de matcha', 'Extracto de pepino', 'Extracto de sandía',
    'Extracto de tomate', 'Extracto de raíz de jengibre', 'Aceite de soya', 'Extracto de trufa blanca', 'Polvo de perla',
    'Agua de ciprés', 'Extracto de hoja de pino', 'Extracto de flor de loto', 'Extracto de orquídea', 'Espirulina',
    'Bakuchiol', 'Guaiazuleno', 'Glutatión', 'Ácido tranexámico', 'Escualano vegetal', 'Adenosina', 'Betaína', 'Alantoína',
    'Arbutina', 'Ectoína', 'Beta-glucano', 'Extracto de regaliz', 'Extracto de ginkgo', 'Aceite de moringa', 'Extracto de batata',
    'Extracto de frijol negro', 'Caolín', 'Arcilla rosa', 'Óxido de zinc', 'Dióxido de titanio', 'Tocoferol', 'Glicerina',
    'Butilenglicol', 'Manteca de karité', 'Aceite de jojoba', 'Aceite de argán', 'Extracto de granada', 'Extracto de arándano',
  ],
  benefits: [
    { verbs: ['hidrata', 'nutre', 'rehidrata', 'reconforta', 'humecta'], objects: ['la piel seca', 'las mejillas tirantes', 'la piel deshidratada', 'el rostro', 'las zonas ásperas', 'el cutis'] },
    { verbs: ['calma', 'alivia', 'tranquiliza', 'desinflama', 'serena'], objects: ['las rojeces', 'la piel irritada', 'la sensación de calor', 'los granitos', 'la piel sensibilizada', 'el enrojecimiento'] },
    { verbs: ['ilumina', 'unifica', 'aclara', 'revitaliza', 'aviva'], objects: ['el tono', 'la tez apagada', 'las manchas', 'el rostro cansado', 'las marcas de acné', 'el cutis opaco'] },
    { verbs: ['purifica', 'descongestiona', 'afina', 'minimiza', 'limpia'], objects: ['los poros', 'la zona T', 'el exceso de sebo', 'los puntos negros', 'los poros obstruidos'] },
    { verbs: ['reafirma', 'alisa', 'rellena', 'atenúa', 'suaviza'], objects: ['las líneas finas', 'las arrugas', 'el óvalo del rostro', 'la piel madura', 'las patas de gallo', 'los surcos'] },
    { verbs: ['protege', 'defiende', 'resguarda', 'blinda'], objects: ['la piel del sol', 'el rostro de la contaminación', 'la barrera cutánea', 'la piel del fotoenvejecimiento', 'el cutis del viento'] },
    { verbs: ['renueva', 'exfolia', 'pule', 'afina'], objects: ['la textura', 'la superficie de la piel', 'las células muertas', 'las asperezas', 'la piel engrosada'] },
    { verbs: ['repara', 'fortalece', 'refuerza', 'regenera', 'restaura'], objects: ['la barrera cutánea', 'la piel dañada', 'el manto ácido', 'la piel castigada', 'las defensas de la piel'] },
    { verbs: ['equilibra', 'regula', 'controla', 'matifica'], objects: ['el sebo', 'los brillos', 'la piel mixta', 'el pH de la piel', 'la zona T'] },
    { verbs: ['descongestiona', 'desinflama', 'refresca', 'despierta'], objects: ['las ojeras', 'las bolsas', 'la mirada cansada', 'el rostro hinchado', 'los párpados'] },
  ],
  results: [
    'suave', 'luminosa', 'jugosa', 'fresca', 'flexible', 'tersa', 'uniforme', 'calmada', 'aterciopelada', 'radiante',
    'equilibrada', 'rellena', 'nutrida', 'confortable', 'limpia', 'mate', 'firme', 'descansada',
  ],
  resultLead: 'Deja la piel',
  sizes: ['15 ml', '20 ml', '30 ml', '50 ml', '80 ml', '100 ml', '120 ml', '150 ml', '200 ml', '50 g', '70 g'],
  textures: [
    'ligera', 'sedosa', 'acuosa', 'cremosa', 'en gel', 'aterciopelada', 'fundente', 'fresca', 'rica pero no grasa',
    'tipo leche', 'jugosa', 'elástica', 'de bálsamo', 'espumosa', 'líquida', 'densa', 'oleosa', 'mousse',
  ],
  feels: [
    'se absorbe en segundos', 'no deja sensación pegajosa', 'se funde con la piel', 'deja un acabado mate',
    'se extiende con facilidad', 'funciona bien bajo el maquillaje', 'se enjuaga sin dejar película',
    'se transforma en agua al contacto con la piel', 'deja un brillo saludable', 'se siente fresca al aplicarla',
    'no pica en la zona de los ojos', 'se puede aplicar por capas',
  ],
  audiences: [
    'pieles grasas con tendencia acneica', 'pieles secas que sienten tirantez', 'pieles sensibles o reactivas',
    'quienes empiezan su rutina coreana', 'el clima húmedo de Lima', 'el uso diario en la ciudad',
    'pieles mixtas con zona T brillante', 'pieles maduras que buscan firmeza', 'pieles apagadas por el cansancio',
    'pieles deshidratadas por el sol', 'quienes usan maquillaje a diario', 'pieles con manchas de acné',
    'pieles normales que quieren mantenerse', 'el invierno limeño', 'quienes buscan una rutina corta',
  ],
  motions: {
    verbs: ['Extiende', 'Masajea', 'Distribuye', 'Presiona', 'Aplica'],
    manners: ['con movimientos circulares', 'con ligeros toques', 'con las yemas de los dedos', 'con movimientos ascendentes', 'suavemente', 'con las palmas'],
    zones: ['desde el centro hacia afuera', 'sobre el rostro y el cuello', 'por la frente y las mejillas', 'por todo el rostro', 'evitando el contorno de ojos', 'en la zona T', 'sobre el escote'],
  },
  middleSteps: [
    'Extiende con movimientos circulares desde el centro hacia afuera.', 'Da ligeros toques hasta su absorción.',
    'Evita el contorno de ojos.', 'Presiona con las palmas para ayudar a la absorción.',
    'Insiste en las zonas más secas.', 'Extiende sobre el rostro y el cuello.', 'Deja secar antes del siguiente paso.',
    'Aplica una segunda capa en las zonas que lo necesiten.',
    'Repite {n} veces en las zonas más secas.', 'Presiona {n} veces con las palmas tibias.', 'Masajea durante {n}0 segundos.',
  ],
  lastSteps: [
    'Continúa con tu crema hidratante.', 'Usa protector solar por la mañana.', 'Guárdalo en un lugar fresco.',
    'Termina con tu protector solar.', 'Combínalo con productos de la misma línea.',
  ],
  moments: [
    'por la mañana y por la noche', 'solo por la noche', 'cada mañana', 'dos o tres veces por semana',
    'después de la limpieza', 'antes del protector solar', 'como último paso de la rutina', 'a diario',
    'cuando la piel lo necesite', 'antes de maquillarte', 'después del tónico', 'una vez por semana',
  ],
};

const MAKEUP: LineWords = {
  ingredients: [
    'Dióxido de titanio', 'Óxidos de hierro', 'Mica', 'Sílice', 'Escualano', 'Aceite de jojoba', 'Cera de candelilla',
    'Cera de carnauba', 'Manteca de karité', 'Ácido hialurónico', 'Niacinamida', 'Extracto de Centella asiática',
    'Aceite de camelia', 'Vitamina E', 'Nitruro de boro', 'Polvo de arroz', 'Caolín', 'Pantenol', 'Aceite de rosa mosqueta',
    'Extracto de té verde', 'Colágeno marino', 'Pigmentos minerales', 'Cera de abejas', 'Adenosina', 'Glicerina',
    'Dimeticona', 'Aceite de argán', 'Extracto de cereza', 'Péptidos', 'Ceramidas', 'Fibra de nailon', 'Talco micronizado',
  ],
  benefits: [
    { verbs: ['cubre', 'disimula', 'corrige', 'camufla'], objects: ['las imperfecciones', 'las ojeras', 'las manchas', 'las rojeces', 'los granitos', 'las marcas'] },
    { verbs: ['fija', 'sella', 'prolonga', 'asienta'], objects: ['el maquillaje', 'la base', 'el color', 'las sombras', 'el labial'] },
    { verbs: ['define', 'intensifica', 'agranda', 'enmarca', 'realza'], objects: ['la mirada', 'las pestañas', 'las cejas', 'los ojos', 'el párpado'] },
    { verbs: ['tiñe', 'colorea', 'ilumina', 'realza'], objects: ['los labios', 'las mejillas', 'los pómulos', 'el arco de cupido', 'el rostro'] },
    { verbs: ['difumina', 'suaviza', 'afina', 'alisa'], objects: ['los poros', 'la textura', 'las líneas de expresión', 'el contorno', 'las irregularidades'] },
    { verbs: ['controla', 'absorbe', 'matifica', 'reduce'], objects: ['los brillos', 'el sebo', 'la grasa de la zona T', 'el exceso de aceite'] },
    { verbs: ['unifica', 'empareja', 'ilumina', 'perfecciona'], objects: ['el tono', 'el cutis', 'la tez', 'el rostro', 'el acabado'] },
  ],
  results: [
    'natural', 'luminoso', 'mate', 'satinado', 'jugoso', 'difuminado', 'aterciopelado', 'fresco', 'pulido', 'ligero',
    'brillante', 'uniforme', 'duradero', 'translúcido',
  ],
  resultLead: 'Deja un acabado',
  sizes: ['3.5 g', '4 g', '4.5 g', '8 g', '10 g', '15 g', '4 ml', '5 ml', '30 ml'],
  textures: [
    'cremosa', 'ligera', 'en polvo', 'acuosa', 'tipo bálsamo', 'en gel', 'mousse', 'sedosa', 'aterciopelada', 'líquida',
    'fundente', 'gelatinosa',
  ],
  feels: [
    'se funde con la piel', 'se difumina con facilidad', 'no se cuartea', 'se fija en segundos', 'no marca las líneas',
    'se desliza sin esfuerzo', 'permite retoques durante el día', 'no reseca los labios', 'no se corre con las lágrimas',
    'se construye por capas sin apelmazar',
  ],
  audiences: [
    'el maquillaje de todos los días', 'looks naturales de oficina', 'noches largas', 'pieles grasas que brillan a mediodía',
    'pieles secas que necesitan hidratación', 'quienes buscan un look coreano', 'principiantes en maquillaje',
    'retocar en la calle', 'fotos y eventos', 'el calor del verano limeño', 'quienes usan lentes',
  ],
  motions: {
    verbs: ['Difumina', 'Extiende', 'Aplica', 'Marca', 'Funde'],
    manners: ['con ligeros toques', 'con la yema del dedo', 'con una brocha', 'con la esponja húmeda', 'en capas finas', 'con trazos cortos'],
    zones: ['desde el centro hacia afuera', 'sobre los pómulos', 'hacia las sienes', 'sobre el párpado móvil', 'en el centro de los labios', 'por todo el rostro'],
  },
  middleSteps: [
    'Difumina hacia afuera con ligeros toques.', 'Construye la intensidad por capas.', 'Difumina los bordes con el dedo.',
    'Extiende en zigzag hacia las puntas.', 'Aplica con pequeños trazos en la dirección del vello.',
    'Presiona suavemente para fijar.', 'Difumina con una brocha limpia.', 'Espera {n}0 segundos antes de la segunda capa.',
    'Aplica {n} capas para un color más intenso.',
  ],
  lastSteps: [
    'Retoca durante el día si lo necesitas.', 'Fija con polvo translúcido.', 'Retira con un desmaquillante en aceite.',
    'Cierra bien el envase después de usarlo.', 'Combínalo con otros tonos de la misma línea.',
  ],
  moments: ['a diario', 'en ocasiones especiales', 'sobre tu base habitual', 'después de la prebase', 'para retocar'],
};

const BODY: LineWords = {
  ...SKIN,
  sizes: ['50 ml', '80 ml', '100 ml', '200 ml', '250 ml', '300 ml', '400 ml', '500 ml', '150 g'],
  benefits: [
    { verbs: ['hidrata', 'nutre', 'suaviza', 'reconforta'], objects: ['la piel del cuerpo', 'los codos y rodillas', 'las piernas', 'la piel seca', 'los talones', 'las manos'] },
    { verbs: ['fortalece', 'repara', 'nutre', 'protege', 'disciplina'], objects: ['el cabello', 'las puntas abiertas', 'el cabello teñido', 'la fibra capilar', 'el frizz', 'el cuero cabelludo'] },
    { verbs: ['limpia', 'purifica', 'refresca', 'equilibra'], objects: ['el cuero cabelludo', 'la piel del cuerpo', 'los pies cansados', 'la espalda', 'las manos'] },
    { verbs: ['exfolia', 'renueva', 'pule', 'alisa'], objects: ['la piel del cuerpo', 'los talones', 'las zonas ásperas', 'las células muertas', 'la piel de gallina'] },
    { verbs: ['perfuma', 'envuelve', 'aromatiza'], objects: ['la piel', 'el cabello', 'el baño', 'las manos'] },
    { verbs: ['calma', 'alivia', 'refresca'], objects: ['la piel tras el sol', 'la picazón', 'la piel tirante', 'las piernas cansadas', 'la irritación'] },
  ],
  audiences: [
    'pieles secas del cuerpo', 'cabellos teñidos o dañados', 'cueros cabelludos grasos', 'manos que se lavan a menudo',
    'pies cansados', 'después de la playa', 'toda la familia', 'el uso diario en la ducha', 'cabellos finos sin volumen',
    'el clima seco', 'quienes hacen deporte',
  ],
  motions: {
    verbs: ['Masajea', 'Extiende', 'Distribuye', 'Aplica'],
    manners: ['con movimientos circulares', 'con suavidad', 'con las palmas', 'con una esponja', 'de abajo hacia arriba'],
    zones: ['por todo el cuerpo', 'sobre codos y rodillas', 'de medios a puntas', 'sobre el cuero cabelludo', 'en las manos y las cutículas', 'sobre los talones'],
  },
  middleSteps: [
    'Masajea hasta formar espuma.', 'Masajea hasta su total absorción.',
    'Insiste en codos, rodillas y talones.', 'Distribuye de medios a puntas.',
    'Masajea {n} minutos con movimientos circulares.',
  ],
  lastSteps: [
    'Evita el contacto con los ojos.', 'Úsalo a diario para mejores resultados.', 'Guárdalo en un lugar fresco.',
    'Combínalo con productos de la misma línea.', 'Repite las veces que lo necesites.',
  ],
  moments: ['después de la ducha', 'cada noche', 'dos veces por semana', 'a diario', 'antes de dormir'],
};

const ACCESSORIES: LineWords = {
  ingredients: [
    'Cerdas sintéticas', 'Cerdas de fibra Taklon', 'Mango de bambú', 'Mango de madera', 'Virola de aluminio',
    'Espuma de poliuretano sin látex', 'Raíz de konjac', 'Cuarzo rosa natural', 'Piedra de jade', 'Acero inoxidable',
    'Silicona de grado médico', 'Microfibra', 'Algodón orgánico', 'Lona impermeable', 'Cierre de metal', 'Forro de satén',
    'Piel sintética', 'Nylon reciclado', 'Plástico reciclado', 'Carbón de bambú', 'Terciopelo', 'Cerámica esmaltada',
  ],
  benefits: [
    { verbs: ['difumina', 'aplica', 'extiende', 'reparte'], objects: ['la base', 'el corrector', 'el rubor', 'las sombras', 'el polvo', 'el cushion'] },
    { verbs: ['masajea', 'desinflama', 'relaja', 'estimula'], objects: ['el rostro', 'el contorno de ojos', 'la mandíbula', 'el cuello', 'las mejillas'] },
    { verbs: ['ordena', 'protege', 'guarda', 'separa'], objects: ['tus cosméticos', 'las brochas', 'los labiales', 'tus productos de viaje', 'tus sérums'] },
    { verbs: ['limpia', 'purifica', 'exfolia'], objects: ['los poros', 'el rostro', 'la zona T', 'las células muertas'] },
    { verbs: ['facilita', 'acelera', 'mejora'], objects: ['la aplicación', 'la absorción de los sérums', 'el acabado', 'la rutina de la mañana', 'el retoque'] },
  ],
  results: [
    'resistente', 'ligero', 'suave', 'práctico', 'duradero', 'compacto', 'ergonómico', 'lavable', 'reutilizable',
  ],
  resultLead: 'Su diseño es',
  sizes: [],
  textures: ['suave', 'densa', 'esponjosa', 'lisa', 'fría', 'acolchada'],
  feels: [
    'no irrita la piel', 'se siente agradable al tacto', 'no se deforma con el uso', 'se seca rápido',
    'mantiene su forma tras cada lavado', 'se desliza sobre la piel',
  ],
  audiences: [
    'maquillarte en casa', 'viajes y escapadas', 'principiantes', 'maquilladores profesionales', 'la rutina de la mañana',
    'el gimnasio', 'regalar', 'pieles sensibles',
  ],
  motions: {
    verbs: ['Desliza', 'Difumina', 'Presiona', 'Aplica'],
    manners: ['con suavidad', 'con ligeros toques', 'en movimientos ascendentes', 'con movimientos circulares', 'sin apretar'],
    zones: ['desde el centro del rostro hacia afuera', 'por la mandíbula', 'sobre las mejillas', 'bajo los ojos', 'por la frente', 'por el cuello'],
  },
  middleSteps: [
    'Aplica con ligeros toques sobre el rostro.', 'Desliza desde el centro del rostro hacia afuera.',
    'Difumina con movimientos circulares.', 'Repite {n} veces en cada zona.', 'Guarda las brochas con las cerdas hacia arriba.',
    'Desliza durante {n} minutos por zona.',
  ],
  lastSteps: [
    'Lávalo una vez por semana con jabón suave.', 'Déjalo secar al aire.', 'Guárdalo en un lugar seco.',
    'Cámbialo cada tres meses.', 'Límpialo después de cada uso.',
  ],
  moments: ['a diario', 'por la mañana', 'con base líquida o en crema', 'en tus viajes'],
};

/** The fillers of each menu line of TAXONOMY. */
export const WORDS_BY_LINE: Record<string, LineWords> = {
  Cuidado: SKIN,
  Maquillaje: MAKEUP,
  Corporal: BODY,
  Accesorios: ACCESSORIES,
};

/** Shade names of make-up with colours. */
export const SHADE_WORDS = [
  'Ivory', 'Porcelain', 'Beige', 'Sand', 'Natural', 'Honey', 'Rose', 'Coral', 'Peach', 'Cherry', 'Berry', 'Plum',
  'Mauve', 'Nude', 'Brick', 'Fig', 'Brown', 'Black', 'Taupe', 'Apricot', 'Lilac', 'Mocha', 'Vanilla', 'Apple Lime',
] as const;

/** Volumes of products sold in several sizes. */
export const SIZES = ['15 ml', '30 ml', '50 ml', '80 ml', '100 ml', '150 ml', '200 ml', '250 ml', '300 ml', '500 ml', '20 g', '50 g', '100 g'] as const;
