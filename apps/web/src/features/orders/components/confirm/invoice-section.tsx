import { INVOICE_TYPE_LABEL, InvoiceType } from '@labshop/shared';
import type { Invoice } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Section } from './section';

/**
 * The invoice the order will carry: the member's saved details, edited in a dialog, or an
 * organization's title (no onEdit: its admins keep it, docs/organizations.md).
 */
export function InvoiceSection({ invoice, onEdit }: { invoice: Invoice; onEdit?: () => void }) {
  // A member who never saved invoice details orders without an invoice, and is told so.
  const none = invoice.invoiceType === InvoiceType.NONE;
  const unset = !none && invoice.invoiceHeader.trim() === '';
  return (
    <Section
      title="发票信息"
      action={
        onEdit && (
          <Button size="sm" variant="outline" onClick={onEdit}>
            编辑发票
          </Button>
        )
      }
    >
      <div data-testid="invoice-info" className="text-sm">
        {unset ? (
          <p className="text-gray-500">未设置发票，请编辑发票信息。</p>
        ) : none ? (
          <p className="text-gray-700">本单不开发票</p>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-gray-700">
            <dt className="text-gray-500">发票类型</dt>
            <dd>{INVOICE_TYPE_LABEL[invoice.invoiceType] ?? '--'}</dd>
            <dt className="text-gray-500">发票抬头</dt>
            <dd className="break-all">{invoice.invoiceHeader}</dd>
            <dt className="text-gray-500">纳税人识别号</dt>
            <dd className="break-all">{invoice.taxpayerNumber}</dd>
            <dt className="text-gray-500">收票邮箱</dt>
            <dd className="break-all">{invoice.invoiceEmail}</dd>
          </dl>
        )}
      </div>
    </Section>
  );
}
