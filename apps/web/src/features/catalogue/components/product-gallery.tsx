import { UI } from '@labshop/shared';
import { cn } from '@/components/ui/cn';
import { useRotation } from '@/hooks/use-rotation';
import { ProductImage } from './product-image';

/** Product pictures: the large one rotates every 3 s; thumbnails choose one. */
export function ProductGallery({ images, alt }: { images: string[]; alt: string }) {
  const { index, select, setPaused } = useRotation(images.length, UI.productCarouselMs);
  return (
    <div
      className="flex w-full flex-col gap-3"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      <div className="relative aspect-square w-full overflow-hidden rounded-md border border-gray-200 bg-white">
        {images.length === 0 ? (
          <ProductImage src={null} alt={alt} size={400} className="h-full w-full" />
        ) : (
          images.map((src, i) => (
            <div
              key={src + String(i)}
              className={cn(
                'absolute inset-0 p-4 transition-opacity duration-500',
                i === index ? 'opacity-100' : 'opacity-0',
              )}
              aria-hidden={i !== index}
              data-active={i === index}
            >
              <ProductImage
                src={src}
                alt={alt}
                size={400}
                eager={i === 0}
                className="h-full w-full"
              />
            </div>
          ))
        )}
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto">
          {images.map((src, i) => (
            <li key={src + String(i)} className="shrink-0">
              <button
                type="button"
                aria-label={`第 ${i + 1} 张图片`}
                aria-current={i === index}
                onClick={() => select(i)}
                className={cn(
                  'block h-16 w-16 overflow-hidden rounded border-2 p-0.5',
                  i === index ? 'border-primary' : 'border-gray-200',
                )}
              >
                <ProductImage src={src} alt="" size={60} className="h-full w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
