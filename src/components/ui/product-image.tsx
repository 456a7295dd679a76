import { createContext, useContext, useState } from 'react';
import { isCatalogueImageUrl } from '@shared/product-rule';
import { useI18n } from '@/i18n/language-store';
import { controlsText } from './controls.messages';
import { ImageOffIcon } from './page-icons';

interface ProductImageProps {
  src: string;
  alt: string;
  className?: string;
  priority?: boolean;
  /**
   * While true, an image that first shows now waits (its tile only) and starts loading once
   * this turns false; one already showing stays. Defaults to the ImageHold context.
   */
  holdLoading?: boolean;
}

/**
 * While true, product images below that first show now wait (see `holdLoading`). A context,
 * not a prop through the cards: releasing the hold after a paint renders the six images
 * again, not the six whole cards around them.
 */
export const ImageHold = createContext(false);

/**
 * A product image in a fixed square tile (no layout shift while it loads) with a calm
 * fallback when the image is missing or fails.
 */
export function ProductImage({
  src,
  alt,
  className = '',
  priority = false,
  holdLoading: holdProp,
}: ProductImageProps) {
  const heldAround = useContext(ImageHold);
  const { t } = useI18n();
  const holdLoading = holdProp ?? heldAround;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [held, setHeld] = useState(holdLoading);
  if (held && !holdLoading) setHeld(false);
  const usable = isCatalogueImageUrl(src) && failedSrc !== src;
  const tile = `relative aspect-square overflow-hidden rounded-xl bg-tile ${className}`;
  if (held && usable) return <div className={tile} />;
  return (
    <div className={tile}>
      {usable ? (
        <img
          src={src}
          alt={alt}
          className="size-full object-contain p-4"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <div role="img" aria-label={alt} className="grid size-full place-items-center text-muted">
          <span className="flex flex-col items-center gap-2 text-sm">
            <ImageOffIcon width={40} height={40} />
            {t(controlsText.imageUnavailable)}
          </span>
        </div>
      )}
    </div>
  );
}
