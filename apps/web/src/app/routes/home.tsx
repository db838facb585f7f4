import { Advantages } from '@/features/storefront/components/advantages';
import { BannerCarousel } from '@/features/storefront/components/banner-carousel';
import { ProductCarousel } from '@/features/catalogue/components/product-carousel';
import { StandardsTiles } from '@/features/catalogue/components/standards-tiles';
import { SHOP_NAME } from '@labshop/shared';

export default function HomePage() {
  return (
    <>
      <h1 className="sr-only">{SHOP_NAME} - 标准品 试剂 耗材 仪器</h1>
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
