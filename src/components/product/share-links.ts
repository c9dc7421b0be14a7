/** WhatsApp and Facebook share pages for a product URL. */
export const shareLinks = (url: string, title: string) => ({
  whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
  facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
});
