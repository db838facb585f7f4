import { useState } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A product picture at a fixed box size (no layout shift), lazily loaded unless `eager`; a
 * neutral flask placeholder stands in for a missing or broken image.
 */
export function ProductImage({
  src,
  alt,
  size,
  eager = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size: number;
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn('block aspect-square bg-white object-contain', className);
  if (!src || failed === src) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={cn(box, 'flex items-center justify-center bg-gray-50 text-gray-300')}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-1/3 w-1/3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          aria-hidden
        >
          <path d="M9 3h6M10 3v6.5L4.5 18.6A1.6 1.6 0 0 0 5.9 21h12.2a1.6 1.6 0 0 0 1.4-2.4L14 9.5V3" />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      // An eager picture is the page's main one: fetched first and painted with the page.
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? undefined : 'async'}
      onError={() => setFailed(src)}
      className={box}
    />
  );
}
