import { Field, Input } from '@/components/ui/input';
import { PURPOSE_MAX, type PurposeLine, type Purposes } from '@/lib/order/purposes';
import { Section } from './section';

/**
 * The buyer's stated use of each 易制爆 line (docs/compliance.md section 3): the seller records
 * it for the public security bureau, so each such line asks for it and the order needs it. The
 * cart's confirm page and the quote page both show it.
 */
export function PurposeSection({
  lines,
  value,
  onChange,
}: {
  lines: readonly PurposeLine[];
  value: Purposes;
  onChange: (next: Purposes) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <Section title="易制爆危险化学品用途">
      <p className="mb-3 text-sm text-gray-600">
        依法须逐项登记购买用途，请如实填写（如：实验室水质分析、金属样品消解）。
      </p>
      <div className="flex flex-col gap-3">
        {lines.map((l) => (
          <Field
            key={l.materialId}
            required
            label={
              <>
                用途
                <span className="block text-xs text-gray-500">
                  {l.name} {l.pack}
                </span>
              </>
            }
          >
            <Input
              aria-label={`用途：${l.name} ${l.pack}`}
              value={value[l.materialId] ?? ''}
              maxLength={PURPOSE_MAX}
              placeholder="请填写本品的用途"
              onChange={(e) => onChange({ ...value, [l.materialId]: e.target.value })}
            />
          </Field>
        ))}
      </div>
    </Section>
  );
}
