import { describe, expect, it } from 'vitest';
import { materialInput } from './manage-catalogue.ts';
import { shippingRulesInput } from './shipping.ts';

const pack = (extra: Record<string, unknown>) =>
  materialInput.safeParse({ pack: '500mL', ...extra });

describe('a pack’s shipping fields', () => {
  it('needs a UN number UN#### and a hazard class for a dangerous pack', () => {
    const bad = pack({ shippingClass: 'dangerous', unNumber: '1155', hazardClass: '3' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'UN 编号格式应为 UN 加四位数字，如 UN1155',
    ]);
    const ok = pack({ shippingClass: 'dangerous', unNumber: 'un1155', hazardClass: '3' });
    expect(ok.data).toMatchObject({ unNumber: 'UN1155', hazardClass: '3' });
  });

  it('leaves the fields out when not sent, and refuses a lead time out of range', () => {
    expect(pack({}).data?.shippingClass).toBeUndefined();
    expect(pack({ leadTimeDays: 0 }).error?.issues[0]?.message).toBe('货期应为 1-365 天的整数');
    expect(pack({ shippingClass: 'hot' }).success).toBe(false);
  });
});

describe('freight rules', () => {
  it('refuses a carrier not listed and a repeated class', () => {
    const r = shippingRulesInput.safeParse({
      carriers: [{ name: '顺丰速运' }],
      classes: [
        { shippingClass: 'normal', surcharge: 0, carriers: ['无名'], excludedRegions: [] },
        { shippingClass: 'normal', surcharge: 0, carriers: [], excludedRegions: ['5400'] },
      ],
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['地区编码应为六位数字']),
    );
  });
});
