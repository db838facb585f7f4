export default function CertificatePage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-xl font-semibold">分析证书查询</h1>
    </div>
  );
}
