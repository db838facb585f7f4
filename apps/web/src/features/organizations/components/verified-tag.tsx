/** Whether staff verified the organization against its 营业执照 / USCC. */
export function VerifiedTag({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="rounded bg-green-50 px-1.5 text-xs leading-5 text-green-700">已认证</span>
  ) : (
    <span className="rounded bg-gray-100 px-1.5 text-xs leading-5 text-gray-500">未认证</span>
  );
}
