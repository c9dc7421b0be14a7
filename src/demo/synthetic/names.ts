/**
 * Words that make the names of the synthetic catalogue: what a product is (per child category),
 * a product line, a key word (an ingredient, a finish or a material, per menu line) and an
 * optional edition, as K-beauty names mix Spanish and English.
 */

/** The product types of each child category of TAXONOMY, as a name starts. */
export const TYPES_BY_CHILD: Record<string, readonly string[]> = {
  'Limpiador en aceite': ['Aceite limpiador', 'Aceite desmaquillante', 'Cleansing Oil'],
  'Limpiador en espuma': ['Espuma limpiadora', 'Gel limpiador', 'Limpiador en espuma', 'Cleansing Foam'],
  'Bálsamo desmaquillante': ['Bálsamo desmaquillante', 'Bálsamo limpiador', 'Cleansing Balm'],
  'Agua micelar': ['Agua micelar', 'Agua limpiadora'],
  'Exfoliante químico': ['Exfoliante químico', 'Líquido exfoliante', 'Solución exfoliante'],
  'Exfoliante físico': ['Exfoliante en polvo', 'Scrub facial', 'Exfoliante en crema'],
  'Peeling gel': ['Peeling gel', 'Gel exfoliante'],
  'Tónico hidratante': ['Tónico', 'Tónico hidratante', 'Toner'],
  'Tónico exfoliante': ['Tónico exfoliante', 'Toner clarificante'],
  'Tónico calmante': ['Tónico calmante', 'Toner calmante'],
  'Sérum hidratante': ['Sérum', 'Sérum hidratante', 'Serum'],
  'Sérum iluminador': ['Sérum iluminador', 'Sérum', 'Serum'],
  Ampolla: ['Ampolla', 'Ampolla concentrada', 'Ampoule'],
  'Mascarilla en tela': ['Mascarilla en tela', 'Sheet Mask'],
  'Mascarilla de arcilla': ['Mascarilla de arcilla', 'Clay Mask'],
  'Mascarilla en crema': ['Mascarilla en crema', 'Wash-off Mask'],
  'Esencia hidratante': ['Esencia', 'Esencia hidratante', 'Essence'],
  'Primera esencia': ['Primera esencia', 'First Essence'],
  'Loción facial': ['Loción', 'Loción facial'],
  Emulsión: ['Emulsión', 'Emulsión hidratante'],
  'Crema hidratante': ['Crema', 'Crema hidratante', 'Crema nutritiva'],
  'Crema calmante': ['Crema calmante', 'Crema reparadora'],
  'Gel crema': ['Gel crema', 'Crema en gel'],
  'Crema de ojos': ['Crema de ojos', 'Contorno de ojos', 'Eye Cream'],
  'Parches de ojos': ['Parches de ojos', 'Parches hidrogel'],
  'Bruma facial': ['Bruma facial', 'Mist', 'Bruma hidratante'],
  'Mascarilla de noche': ['Mascarilla de noche', 'Sleeping Mask'],
  'Mascarilla de labios': ['Mascarilla de labios', 'Lip Sleeping Mask'],
  'Crema tone up': ['Crema tone up', 'Tone Up Cream'],
  'Bloqueador en crema': ['Bloqueador', 'Protector solar', 'Sun Cream'],
  'Bloqueador en barra': ['Bloqueador en barra', 'Sun Stick'],
  'Bloqueador en gel': ['Bloqueador en gel', 'Sun Gel'],
  'Pads tonificantes': ['Pads tonificantes', 'Toner Pads'],
  'Pads exfoliantes': ['Pads exfoliantes', 'Peeling Pads'],
  Cushion: ['Cushion', 'Base cushion'],
  'BB Cream': ['BB Cream', 'CC Cream'],
  Corrector: ['Corrector', 'Concealer'],
  Polvo: ['Polvo compacto', 'Polvo suelto', 'Polvo matificante'],
  Rubor: ['Rubor', 'Blush', 'Rubor en crema'],
  Sombras: ['Paleta de sombras', 'Sombra', 'Eye Palette'],
  Delineador: ['Delineador', 'Delineador líquido', 'Delineador en lápiz'],
  'Máscara de pestañas': ['Máscara de pestañas', 'Rímel'],
  Cejas: ['Lápiz de cejas', 'Gel de cejas', 'Brow Pencil'],
  Tint: ['Tint', 'Tinta de labios', 'Water Tint'],
  Labial: ['Labial', 'Labial mate', 'Lipstick'],
  'Bálsamo labial': ['Bálsamo labial', 'Lip Balm'],
  Gloss: ['Gloss', 'Brillo de labios'],
  Cabello: ['Champú', 'Acondicionador', 'Tratamiento capilar', 'Aceite capilar'],
  Manos: ['Crema de manos', 'Hand Cream'],
  Pies: ['Crema de pies', 'Mascarilla de pies', 'Exfoliante de pies'],
  'Hidratación corporal': ['Loción corporal', 'Crema corporal', 'Aceite corporal'],
  'Baño y ducha': ['Gel de ducha', 'Jabón corporal', 'Exfoliante corporal'],
  Brochas: ['Brocha', 'Brocha de base', 'Brocha de rubor', 'Brocha de sombras'],
  Esponjas: ['Esponja', 'Esponja de maquillaje', 'Puff'],
  'Herramientas faciales': ['Rodillo facial', 'Gua sha', 'Masajeador facial', 'Cepillo facial'],
  Neceseres: ['Neceser', 'Bolso cosmetiquero', 'Estuche'],
};

/** How a set's name starts. */
export const SET_PREFIXES = ['Set', 'Kit', 'Kit de viaje', 'Set de regalo', 'Dúo'] as const;

/** Product lines: the brand's collection a product belongs to. */
export const COLLECTIONS = [
  'Aqua', 'Hydra', 'Pure', 'Daily', 'Calming', 'Glow', 'Deep', 'Velvet', 'Dewy', 'Barrier', 'Bright', 'Fresh',
  'Mild', 'Real', 'Super', 'Moist', 'Clear', 'Revive', 'Bloom', 'Silk', 'Cloud', 'Water', 'Honey', 'Balance',
  'Soft', 'Vital', 'Luminous', 'Petal', 'Crystal', 'Snow', 'Ocean', 'Forest', 'Green', 'Moon', 'Sun', 'Dream',
  'Jelly', 'Milky', 'Cotton', 'Mochi', 'Peach', 'Berry', 'Bare', 'Skin Fit', 'Rich', 'Tender', 'Radiance',
  'Blossom', 'Morning', 'Night', 'Dual', 'Perfect', 'Glass', 'Cica Fit', 'Zero', 'Bouncy', 'Plump', 'Sleek',
] as const;

/** Editions some names end with. */
export const EDITIONS = [
  'Intense', 'Light', 'Plus', 'Original', 'Gentle', 'Soothing', 'Firming', 'Repair', 'Balancing', 'Advanced',
  'Essential', 'Pro', 'EX', '2.0', 'Special', 'Classic', 'Signature', 'Mini', 'Ultra', 'Fit', 'Care', 'Relief',
] as const;

/** Key words of skincare and body names: the star ingredient. */
export const INGREDIENT_KEYS = [
  'Centella', 'Arroz', 'Té Verde', 'Ginseng', 'Caracol', 'Propóleo', 'Niacinamida', 'Ceramidas', 'Hialurónico',
  'Heartleaf', 'Artemisa', 'Cica', 'Péptidos', 'Retinal', 'Vitamina C', 'Pantenol', 'Madecassoside', 'Yuzu',
  'Camelia', 'Bambú', 'Aloe', 'Miel', 'Volcánico', 'Algas', 'Colágeno', 'Probióticos', 'Avena', 'Lavanda', 'Rosa',
  'Mandarina', 'Abedul', 'Salicílico', 'AHA BHA', 'Cacao', 'Calamansi', 'Tremella', 'Cereza de Jeju', 'Matcha',
  'Pepino', 'Sandía', 'Tomate', 'Jengibre', 'Soya', 'Trufa', 'Perla', 'Ciprés', 'Pino', 'Loto', 'Orquídea',
  'Espirulina', 'Bakuchiol', 'Azuleno', 'Glutatión', 'Tranexámico', 'Escualano', 'Manuka', 'Ceniza de Jeju',
  'Damasco', 'Uva', 'Granada', 'Arándano', 'Ginkgo', 'Regaliz', 'Moringa', 'Batata', 'Frijol Negro', 'Arcilla Rosa',
] as const;

/** Key words of make-up names: a finish or a colour story. */
export const MAKEUP_KEYS = [
  'Matte', 'Satin', 'Blur', 'Lasting', 'Cover', 'Veil', 'Fluffy', 'Powder', 'Mood', 'Fig', 'Rose', 'Coral', 'Mauve',
  'Nude', 'Cherry', 'Plum', 'Brick', 'Terracotta', 'Lavender', 'Butter', 'Sugar', 'Cashmere', 'Mousse', 'Ink',
  'Sheer', 'Tinted', 'Flush', 'Smudge', 'Waterproof', 'Airy', 'Fixing', 'Natural', 'Pastel', 'Autumn', 'Spring',
  'Rosy', 'Cinnamon', 'Toffee', 'Latte', 'Almond', 'Berry Pop', 'Juicy', 'Cream Blur', 'Soft Focus',
] as const;

/** Key words of accessory names: a material or a finish. */
export const MATERIAL_KEYS = [
  'Bambú', 'Microfibra', 'Silicona', 'Cuarzo Rosa', 'Jade', 'Satén', 'Algodón', 'Konjac', 'Acero', 'Madera', 'Lino',
  'Vegano', 'Taklon', 'Cerámica', 'Nylon', 'Terciopelo', 'Carbón', 'Obsidiana', 'Amatista', 'Piel Sintética',
  'Lona', 'Látex Free', 'Nube', 'Mármol', 'Pastel', 'Travel', 'Compact', 'Duo', 'Precision', 'Soft Touch',
] as const;

/** Syllables of the generated brand names (romanised Korean). */
export const BRAND_HEADS = [
  'Ha', 'Na', 'Seo', 'Yun', 'Ji', 'Min', 'Da', 'Eun', 'Hye', 'Bo', 'Ra', 'Mi', 'So', 'Yeon', 'Jin', 'Ae', 'Rin',
  'Hwa', 'Sol', 'Bom', 'Ga', 'On', 'Mo', 'Ri', 'Dam', 'Song', 'Nu', 'Ah', 'Chae', 'Ye', 'Hyun', 'Su', 'Woo', 'Ju',
  'Kyung', 'Sae', 'Byul', 'Ma', 'Dal', 'Ro', 'Gyeol', 'Eo', 'Cho', 'Sa', 'Gu', 'Ho', 'Tae', 'Yu',
] as const;
export const BRAND_TAILS = [
  'ri', 'na', 'on', 'bit', 'eum', 'ul', 'rang', 'bom', 'yeon', 'jin', 'ah', 'seul', 'da', 'mi', 'rae', 'hee', 'won',
  'yul', 'sol', 'gyeol', 'neul', 'eun', 'ha', 'ro', 'mo', 'rim', 'dam', 'sae',
] as const;
/** Words a generated brand name may add after its syllables. */
export const BRAND_WORDS = [
  'Lab', 'Skin', 'Beauty', 'Cosmetics', 'Derma', 'Garden', 'Jeju', 'Seoul', 'Botanic', 'Clinic', 'Pharm',
  'Nature', 'House', 'Studio', 'Atelier', 'Farm', 'Science', 'Daily',
] as const;
