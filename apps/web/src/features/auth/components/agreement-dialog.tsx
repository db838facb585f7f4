import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { sanitizeHtml } from '@/lib/sanitize';
import { useContent } from '@/lib/content';

/** 《用户注册协议》: the privacy-policy content, sanitized, with an agree button. */
export function AgreementDialog({
  open,
  onOpenChange,
  onAgree,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAgree: () => void;
}) {
  const { data, isPending, isError } = useContent('privacy-policy', { enabled: open });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={data?.title || '用户注册协议'}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            关闭
          </Button>
          <Button onClick={onAgree}>同意并继续</Button>
        </>
      }
    >
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p className="py-8 text-center text-sm text-gray-400">协议内容加载失败，请稍后重试</p>
      ) : (
        <div
          className="space-y-3 text-sm leading-7 text-gray-700 [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(data.info) }}
        />
      )}
    </Dialog>
  );
}
