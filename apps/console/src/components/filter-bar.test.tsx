import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, renderScreen } from '@/test-utils';
import { FilterBar } from './filter-bar';

afterEach(cleanup);

const bar = (onSearch = vi.fn(), onReset = vi.fn()) =>
  renderScreen(
    <FilterBar<{ number?: string; phone?: string }>
      initialValues={{ number: 'NO7', phone: '1234' }}
      onSearch={onSearch}
      onReset={onReset}
      more={
        <Form.Item name="phone">
          <Input placeholder="手机号" />
        </Form.Item>
      }
    >
      <Form.Item name="number">
        <Input placeholder="订单号" />
      </Form.Item>
    </FilterBar>,
  );

describe('the list filter bar', () => {
  it('sends every field, the folded ones too, on 查询', async () => {
    const onSearch = vi.fn();
    bar(onSearch);
    fireEvent.change(screen.getByPlaceholderText('订单号'), { target: { value: 'NO8' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ number: 'NO8', phone: '1234' }));
  });

  it('empties every box on 重置 rather than putting back the values it opened with', async () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    bar(onSearch, onReset);
    fireEvent.click(button('重置'));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByPlaceholderText<HTMLInputElement>('订单号').value).toBe('');
    fireEvent.click(button('查询'));
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith({ number: undefined, phone: undefined }),
    );
  });
});
