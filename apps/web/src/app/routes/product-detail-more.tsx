import type { ProductDetail } from '@labshop/shared/schemas';
import { ProductFacts } from '@/features/catalogue/components/product-facts';
import { RelatedProducts } from '@/features/catalogue/components/related-products';

/** The product page below its packs: 商品详情 and 相关产品 (loaded as a deferred part). */
export default function ProductDetailMore({ product }: { product: ProductDetail }) {
  return (
    <>
      <ProductFacts product={product} />
      <RelatedProducts items={product.relationItems} />
    </>
  );
}
