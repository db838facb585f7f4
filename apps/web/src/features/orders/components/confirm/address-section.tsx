import type { Address } from '@labshop/shared/schemas';
import { regionText, parseRegion } from '@/components/region-picker';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Section } from './section';

/** Delivery address: one card per address of the book, the chosen one highlighted. */
export function AddressSection({
  addresses,
  selectedId,
  onSelect,
  onAdd,
}: {
  addresses: Address[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onAdd: () => void;
}) {
  return (
    <Section
      title="收货信息"
      action={
        <Button size="sm" variant="outline" onClick={onAdd}>
          新增收货地址
        </Button>
      }
    >
      {addresses.length === 0 ? (
        <p className="py-4 text-center text-sm text-gray-400">暂无收货信息</p>
      ) : (
        <div
          role="radiogroup"
          aria-label="收货地址"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        >
          {addresses.map((a) => {
            const selected = a.id === selectedId;
            return (
              <button
                key={a.id}
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => onSelect(a.id)}
                data-testid="address-option"
                className={cn(
                  'relative rounded border p-3 pr-16 text-left text-sm transition-colors',
                  selected
                    ? 'border-primary bg-primary-50'
                    : 'border-gray-200 hover:border-primary-light',
                )}
              >
                <span className="flex items-center gap-2">
                  <strong className="text-gray-900">{a.name}</strong>
                  <span className="text-gray-600">{a.phone}</span>
                  {a.isDefault && (
                    <span className="rounded bg-primary px-1.5 text-xs leading-5 text-white">
                      默认
                    </span>
                  )}
                </span>
                <span className="mt-1 block break-all text-gray-600">
                  {regionText(parseRegion(a.region))} {a.address}
                </span>
                {selected && (
                  <span className="absolute top-3 right-3 text-xs text-primary" aria-hidden="true">
                    ✓ 已选择
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
    </Section>
  );
}
