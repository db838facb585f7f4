export default function UserinfoPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-xl font-semibold">个人中心</h1>
    </div>
  );
}
