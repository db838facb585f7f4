/** Quantity input and add-to-cart button for one pack size (search and product pages). */
export function AddToCart({ materialId }: { materialId: number }) {
  return (
    <button type="button" data-material-id={materialId} className="rounded bg-primary px-3 py-1 text-sm text-white">
      加入购物车
    </button>
  );
}
