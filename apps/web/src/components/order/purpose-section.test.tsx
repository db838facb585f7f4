import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { missingPurposes, purposeProblem, purposesBody, type Purposes } from '@/lib/order/purposes';
import { PurposeSection } from './purpose-section';

const lines = [
  { materialId: 3, name: '硝酸', pack: '500mL' },
  { materialId: 8, name: '高锰酸钾', pack: '500g' },
];

function Harness() {
  const [value, setValue] = useState<Purposes>({});
  return (
    <>
      <PurposeSection lines={lines} value={value} onChange={setValue} />
      <output data-testid="missing">
        {missingPurposes(lines, value)
          .map((l) => l.name)
          .join(',')}
      </output>
      <output data-testid="problem">{purposeProblem(lines, value)}</output>
      <output data-testid="body">{JSON.stringify(purposesBody(lines, value))}</output>
    </>
  );
}

describe('PurposeSection', () => {
  it('shows nothing without 易制爆 lines', () => {
    const { container } = render(<PurposeSection lines={[]} value={{}} onChange={() => {}} />);
    expect(container.textContent).toBe('');
  });

  it('asks the use of every 易制爆 line, required, and sends it trimmed', () => {
    render(<Harness />);
    expect(screen.getAllByText('用途')).toHaveLength(2);
    expect(screen.getByTestId('missing').textContent).toBe('硝酸,高锰酸钾');
    fireEvent.change(screen.getByLabelText('用途：硝酸 500mL'), {
      target: { value: ' 金属样品消解 ' },
    });
    fireEvent.change(screen.getByLabelText('用途：高锰酸钾 500g'), { target: { value: '   ' } });
    expect(screen.getByTestId('missing').textContent).toBe('高锰酸钾');
    expect(screen.getByTestId('problem').textContent).toBe('请填写「高锰酸钾 500g」的用途');
    expect(JSON.parse(screen.getByTestId('body').textContent ?? '')).toEqual([
      { materialId: 3, purpose: '金属样品消解' },
      { materialId: 8, purpose: '' },
    ]);
  });
});
