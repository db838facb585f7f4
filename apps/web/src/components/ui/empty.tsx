/** Empty list placeholder; 暂无数据 unless a more specific text is given. */
export function Empty({ text = '暂无数据' }: { text?: string }) {
  return <div className="py-12 text-center text-sm text-gray-400">{text}</div>;
}
