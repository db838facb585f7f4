import { UI } from '@labshop/shared';
import { cn } from '@/components/ui/cn';
import { useRotation } from '@/hooks/use-rotation';
import { useBanners } from '../api/get-banners';

const FRAME = 'relative aspect-[1920/460] min-h-[120px] w-full overflow-hidden bg-primary-50';

/** Home banners: fade every 8 s, clickable indicators, a banner with a url opens it in a new tab. */
export function BannerCarousel() {
  const { data, isPending } = useBanners();
  const banners = data ?? [];
  const { index, select, setPaused } = useRotation(banners.length, UI.bannerIntervalMs);

  if (isPending) return <div className={cn(FRAME, 'animate-pulse')} aria-hidden />;
  if (banners.length === 0) {
    return (
      <div
        className={cn(
          FRAME,
          'flex items-center bg-gradient-to-r from-primary-dark to-primary-light',
        )}
      >
        <div className="mx-auto w-full max-w-[1266px] px-4 text-white">
          <p className="text-2xl font-bold sm:text-4xl">标准物质 一站式采购</p>
          <p className="mt-2 text-sm opacity-90 sm:text-base">
            ISO 17034 标准物质生产者 · 原厂正品 · 多仓极速发货
          </p>
        </div>
      </div>
    );
  }

  return (
    <section
      aria-label="广告横幅"
      aria-roledescription="carousel"
      className={FRAME}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      {banners.map((b, i) => {
        const img = (
          <img
            src={b.img}
            alt={b.title}
            width={1920}
            height={460}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'low'}
            className="h-full w-full object-cover"
          />
        );
        return (
          <div
            key={b.id}
            aria-hidden={i !== index}
            data-active={i === index}
            className={cn(
              'absolute inset-0 transition-opacity duration-700',
              i === index ? 'z-10 opacity-100' : 'pointer-events-none opacity-0',
            )}
          >
            {b.url ? (
              <a
                href={b.url}
                target="_blank"
                rel="noopener noreferrer"
                tabIndex={i === index ? 0 : -1}
              >
                {img}
              </a>
            ) : (
              img
            )}
          </div>
        );
      })}
      {banners.length > 1 && (
        <div className="absolute bottom-3 left-1/2 z-20 flex -translate-x-1/2 gap-2">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === index}
              onClick={() => select(i)}
              className={cn(
                'h-2.5 rounded-full transition-all',
                i === index ? 'w-7 bg-primary' : 'w-2.5 bg-white/80 hover:bg-white',
              )}
            />
          ))}
        </div>
      )}
    </section>
  );
}
