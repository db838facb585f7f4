export default function BulkInquiryPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-xl font-semibold">批量询价</h1>
    </div>
  );
}
