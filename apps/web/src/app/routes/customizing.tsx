export default function CustomizingPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-xl font-semibold">定制服务</h1>
    </div>
  );
}
