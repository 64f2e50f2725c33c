import { useRef, useState, type KeyboardEvent } from 'react';
import { GALLERY_IMAGE_SIZES, imageAlt, imageSrcSet, type ProductImage } from '../../../shared/product-images';
import type { ProductDetail } from '../../../shared/products';
import { useLanguage, useT } from '../../i18n';

/**
 * The product page's pictures (docs/screens.md): the chosen one large, the others as thumbnail
 * buttons; arrow keys, Home and End move between them, and the position is announced. The first
 * render shows the first picture, on the server as in the browser, so hydration matches (docs/seo.md).
 */
export function ProductGallery({ product }: { product: ProductDetail }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const images: ProductImage[] = product.images.length ? product.images : [{ url: product.image, alt: product.name, altEn: '', widths: [] }];
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[index] ?? images[0];
  const count = images.length;

  const show = (next: number) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    thumbs.current[wrapped]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key]);
  };

  return (
    <div className="product-gallery">
      <img
        src={current.url}
        srcSet={imageSrcSet(current)}
        sizes={current.widths.length ? GALLERY_IMAGE_SIZES : undefined}
        alt={imageAlt(current, language) || product.name}
        className="product-image"
        width={600}
        height={600}
        fetchPriority={index === 0 ? 'high' : undefined}
      />
      {count > 1 && (
        <>
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {t.catalog.galleryPosition(index + 1, count)}
          </p>
          <div className="d-flex flex-wrap gap-2 mt-2" role="group" aria-label={t.catalog.galleryThumbnails}>
            {images.map((image, i) => (
              <button
                key={`${image.url}-${i}`}
                ref={(button) => {
                  thumbs.current[i] = button;
                }}
                type="button"
                className={`gallery-thumb${i === index ? ' active' : ''}`}
                aria-pressed={i === index}
                aria-label={`${t.catalog.galleryPosition(i + 1, count)}: ${imageAlt(image, language) || product.name}`}
                onClick={() => setIndex(i)}
                onKeyDown={onKeyDown}
              >
                <img
                  src={image.url}
                  srcSet={imageSrcSet(image)}
                  sizes={image.widths.length ? '72px' : undefined}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
