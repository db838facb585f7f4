export default function ProductsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-xl font-semibold">全部商品</h1>
    </div>
  );
}
