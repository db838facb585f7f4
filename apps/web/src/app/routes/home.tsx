import { Advantages } from '@/features/storefront/components/advantages';
import { BannerCarousel } from '@/features/storefront/components/banner-carousel';
import { ProductCarousel } from '@/features/catalogue/components/product-carousel';
import { StandardsTiles } from '@/features/catalogue/components/standards-tiles';

export default function HomePage() {
  return (
    <>
      <BannerCarousel />
      <div className="mx-auto max-w-[1266px] px-4 pb-4">
        <StandardsTiles />
        <ProductCarousel tag="new" title="新品上架" subtitle="New Arrivals" />
        <ProductCarousel tag="hot" title="热销商品" subtitle="Hot Products" />
        <Advantages />
      </div>
    </>
  );
}
