/**
 * The images Senda stores (banners, course pictures, images in lessons) are
 * served at a few widths as well as whole (issue 34: on a phone with prepaid
 * data, an image is fetched at a size that fits its 390 px screen): a 390 px
 * phone's width at 1×, 2× and 3× pixel density, as WebP. Pages offer them in
 * a `srcset` and the browser picks; a lesson's images, read in a column never
 * wider than a phone at 2×, use the middle one (a single address, which is
 * also what a downloaded lesson keeps). Other sites' images and SVGs are
 * shown as they are.
 */
export const IMAGE_WIDTHS = [390, 780, 1170] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The width a lesson's stored images are shown at. */
export const LESSON_IMAGE_WIDTH: ImageWidth = 780;

/** A stored file's address whose bytes can be resized (the files endpoint serves it, `/api/v2/files/<key>`). */
const RESIZABLE_IMAGE = /^\/api\/v2\/files\/[^/?#]+\.(?:png|jpe?g|webp)$/;

export const isResizableImage = (src: string): boolean => RESIZABLE_IMAGE.test(src);

/** The address of a stored image at one of the widths. */
export const imageAtWidth = (src: string, width: ImageWidth): string => `${src}?w=${width}`;

/** A `srcset` for a stored image; undefined for any other (the browser takes it as it is). */
export function srcsetOf(src: string | null | undefined): string | undefined {
  if (!src || !isResizableImage(src)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageAtWidth(src, width)} ${width}w`).join(', ');
}
