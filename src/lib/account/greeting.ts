/**
 * The name shown in the header's user menu (storefront §2 Header): one word as is, two words both,
 * three words the first two, four or more the first and the last.
 */
export function greetingName(nombre: string): string {
  const words = nombre.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 2) return words.join(' ');
  if (words.length === 3) return `${words[0]} ${words[1]}`;
  return `${words[0]} ${words[words.length - 1]}`;
}
