import { foldAccents } from '../../lib/text.ts';
import { pick, sample } from '../random.ts';
import { FREE_OF, ORIGINS, WHEN, type LineWords } from './phrases.ts';
import { FIRST_STEPS_BY_CHILD, RINSE_OFF, RINSE_STEPS } from './usage.ts';

/** What a product's texts are written about. */
export interface TextSubject {
  /** The product type its name starts with, e.g. 'Sérum iluminador'. */
  type: string;
  collection: string;
  /** The key word of its name (an ingredient, a finish or a material). */
  key: string;
  /** Its child category, which decides how it is used. */
  child: string;
  words: LineWords;
}

/** The four texts of the Product entity, each of whole sentences ending with a period. */
export interface ProductTexts {
  descripcion: string;
  beneficios: string;
  modouso: string;
  ingredientes: string;
}

const NO_ESPECIFICADO = 'No especificado.';

/** Writes a product's description (1–3 sentences), benefits (2–4), usage and ingredients. */
export function writeTexts(subject: TextSubject, random: () => number): ProductTexts {
  const ingredients = chooseIngredients(subject, random);
  // The first two may quote a concentration, the same in the description and the list.
  const quoted = ingredients.map((item, index) => (index < 2 ? `${item}${dose(random)}` : item));
  return {
    descripcion: description(subject, quoted, random),
    beneficios: benefits(subject, ingredients, random),
    modouso: random() < 0.02 ? NO_ESPECIFICADO : usage(subject, random),
    ingredientes: random() < 0.03 ? NO_ESPECIFICADO : quoted.map((item) => `${item}.`).join(' '),
  };
}

/** 3–7 ingredients, the one the name is about first when the line lists it. */
function chooseIngredients({ key, words }: TextSubject, random: () => number): string[] {
  const star = words.ingredients.find((item) => fold(item).includes(fold(key)));
  const rest = sample(
    random,
    words.ingredients.filter((item) => item !== star),
    2 + Math.floor(random() * 5),
  );
  return star
    ? [star, ...rest]
    : [
        ...rest,
        pick(
          random,
          words.ingredients.filter((item) => !rest.includes(item)),
        ),
      ];
}

function description(subject: TextSubject, ingredients: string[], random: () => number): string {
  const { type, collection, words } = subject;
  const [b1, b2, b3, b4] = benefitPhrases(words, 4, random) as [string, string, string, string];
  const [i1, i2, i3] = ingredients.map(lowerFirst);
  const openings = [
    () => `${type} de textura ${pick(random, words.textures)} con ${i1} y ${i2} que ${b1} y ${b2} ${pick(random, WHEN)}.`,
    () => `${type} de la línea ${collection} con ${i1}: ${b1} ${pick(random, WHEN)}.`,
    () => `Con ${i1} y ${i2}, ${b1} y ${b2} ${pick(random, WHEN)}.`,
    () => `${type} ${collection} ${pick(random, ORIGINS)} que ${b1}, ${b2} y ${b3}.`,
    () => `${type} ${collection}: ${i1}, ${i2} y ${i3} para ${pick(random, words.audiences)}.`,
    () => `La línea ${collection} suma ${i1} y ${i2}, y ${b1} ${pick(random, WHEN)}.`,
  ];
  const [result1, result2] = sample(random, words.results, 2);
  const [free1, free2] = sample(random, FREE_OF, 2);
  const [feel1, feel2] = sample(random, words.feels, 2);
  const [audience1, audience2] = sample(random, words.audiences, 2);
  const more = [
    () => `Su textura ${pick(random, words.textures)} ${feel1} y ${feel2}.`,
    () => `${words.resultLead} ${result1} y ${result2} ${pick(random, WHEN)}.`,
    () => `Ideal para ${audience1} y para ${audience2}.`,
    () => `Sin ${free1} ni ${free2}.`,
    () => `Pensado para ${audience1}, ${b4} ${pick(random, WHEN)}.`,
    () => `Su fórmula con ${i2} y ${i3} no lleva ${free1}.`,
    ...(words.sizes.length > 0
      ? [() => `Envase de ${pick(random, words.sizes)}, suficiente para ${2 + Math.floor(random() * 10)} semanas de uso.`]
      : []),
  ];
  const extra = random() < 0.05 ? 0 : random() < 0.25 ? 1 : 2;
  return [pick(random, openings)(), ...sample(random, more, extra).map((write) => write())].join(' ');
}

function benefits({ words }: TextSubject, ingredients: string[], random: () => number): string {
  const count = random() < 0.15 ? 2 : 3 + Math.floor(random() * 2);
  const sentences = benefitPhrases(words, count, random).map((benefit) => {
    const roll = random();
    if (roll < 0.45) return `${upperFirst(benefit)} ${pick(random, WHEN)}.`;
    if (roll < 0.7) return `${upperFirst(benefit)} gracias a ${lowerFirst(pick(random, ingredients))}.`;
    return `${upperFirst(benefit)}.`;
  });
  if (random() < 0.45) sentences[sentences.length - 1] = claim(random);
  return sentences.join(' ');
}

/** `count` things the product does ('calma las rojeces'), each from a different group of verbs. */
function benefitPhrases(words: LineWords, count: number, random: () => number): string[] {
  return sample(random, words.benefits, count).map(({ verbs, objects }) => `${pick(random, verbs)} ${pick(random, objects)}`);
}

/** A measured claim, as labels quote them. */
function claim(random: () => number): string {
  const percent = 60 + Math.floor(random() * 38);
  const days = pick(random, [3, 7, 14, 21, 28]);
  return pick(random, [
    `El ${percent}% de las usuarias notó la diferencia en ${days} días.`,
    `Probado en ${20 + Math.floor(random() * 180)} voluntarias durante ${days} días.`,
    `Valorado positivamente por el ${percent}% en pruebas de uso.`,
    `Recomendado por el ${percent}% de quienes lo probaron.`,
  ]);
}

function usage({ child, words }: TextSubject, random: () => number): string {
  const { verbs, manners, zones } = words.motions;
  const motion = `${pick(random, verbs)} ${pick(random, manners)} ${pick(random, zones)}.`;
  const steps = [
    pick(random, FIRST_STEPS_BY_CHILD[child]!),
    motion,
    ...sample(random, words.middleSteps, Math.floor(random() * 3)),
    ...(RINSE_OFF.has(child) ? [pick(random, RINSE_STEPS)] : []),
  ].map((step) => step.replace('{n}', String(2 + Math.floor(random() * 4))));
  const close = random();
  if (close < 0.4) steps.push(pick(random, words.lastSteps));
  else if (close < 0.7) steps.push(`Úsalo ${pick(random, words.moments)}.`);
  return steps.join(' ');
}

/** A concentration to quote after an ingredient (' 5%', ' 10 000 ppm'), or none. */
function dose(random: () => number): string {
  const roll = random();
  if (roll < 0.25) return ` ${pick(random, [1, 2, 3, 5, 10, 20, 30, 50, 70, 77, 80, 90, 92, 95])}%`;
  if (roll < 0.35) return ` ${thousands(pick(random, [1000, 5000, 10000, 50000, 100000]))} ppm`;
  return '';
}

/** 10000 → '10 000', as the demo labels write thousands. */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ' ');
const fold = (text: string) => foldAccents(text).toLowerCase();
const lowerFirst = (text: string) => (/^[A-ZÁÉÍÓÚÑ][a-záéíóúñ]/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);
const upperFirst = (text: string) => text[0]!.toUpperCase() + text.slice(1);
