import { cn } from '@/components/ui/cn';
import { Select } from '@/components/ui/select';
import { useIsLoggedIn } from '@/lib/session';
import { useBuyingForOrg } from '../api/buying-for';

/**
 * 采购身份 in the header: a member of organizations chooses whom they buy for, 个人 or one
 * organization; the search, product and cart pages then show its contract prices (合同价) and
 * the confirm page's 购买身份 starts from it. Nothing for visitors or members of none. `wide`: the
 * phone's own row under the search box, the field taking the row.
 */
export function BuyingForSelect({ wide = false }: { wide?: boolean }) {
  const loggedIn = useIsLoggedIn();
  const { ordering, orgId, choose } = useBuyingForOrg();
  if (!loggedIn || ordering.length === 0) return null;
  return (
    <label
      className={cn(
        'flex min-w-0 items-center gap-1 text-sm text-gray-600',
        wide && 'w-full gap-2',
      )}
    >
      <span className={cn('whitespace-nowrap', !wide && 'hidden md:inline')}>采购身份</span>
      <Select
        aria-label="采购身份"
        data-testid="buying-for"
        value={orgId === null ? '' : String(orgId)}
        onChange={(e) => choose(e.target.value === '' ? null : Number(e.target.value))}
        className={cn('h-8 truncate px-1', wide ? 'min-w-0 flex-1' : 'w-40 max-w-[10rem]')}
        title={ordering.find((o) => o.id === orgId)?.name ?? '个人'}
      >
        <option value="">个人</option>
        {ordering.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </label>
  );
}
