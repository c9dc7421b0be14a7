/**
 * Offline demo images for K-Beauty Perú: pure, deterministic functions returning standalone SVG
 * documents (no web fonts, no external or raster images).
 */
export { productImageSvg, placeholderSvg } from './product.ts';
export type { ProductImageInput } from './product.ts';
export { brandLogoSvg, bannerSvg, popupSvg, socialSvg } from './marketing.ts';
export type { BrandLogoInput, BannerInput, PopupInput, SocialInput } from './marketing.ts';
export { ENVASES } from './packaging.ts';
