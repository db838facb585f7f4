import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { DeleteButton, PublishButton } from './row-actions';

// antd puts a space between the two characters of a two-character button (删 除).
const DELETE = /^删\s?除$/;

const inApp = (ui: ReactNode) => render(<App>{ui}</App>);

/** The open confirmation bubble. */
const bubble = async () => {
  const title = await screen.findByText('删除品牌“Sigma”？');
  const popover = title.closest<HTMLElement>('.ant-popover');
  if (!popover) throw new Error('no confirmation bubble');
  return within(popover);
};

describe('DeleteButton', () => {
  it('asks first, deletes on 删除 and says 已删除', async () => {
    const onDelete = vi.fn(() => Promise.resolve(null));
    const user = userEvent.setup();
    inApp(<DeleteButton confirm="删除品牌“Sigma”？" onDelete={onDelete} />);

    await user.click(screen.getByRole('button', { name: DELETE }));
    const confirm = await bubble();
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(confirm.getByRole('button', { name: DELETE }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('已删除')).toBeTruthy();
  });

  it('says nothing more when the server refuses the delete (the api client showed why)', async () => {
    const onDelete = vi.fn(() => Promise.reject(new Error('该品牌下有商品，不能删除')));
    const user = userEvent.setup();
    inApp(<DeleteButton confirm="删除品牌“Sigma”？" onDelete={onDelete} />);

    await user.click(screen.getByRole('button', { name: DELETE }));
    await user.click((await bubble()).getByRole('button', { name: DELETE }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    // An unhandled rejection here fails the test run.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('已删除')).toBeNull();
  });

  it('deletes nothing when the question is answered 取消', async () => {
    const onDelete = vi.fn(() => Promise.resolve(null));
    const user = userEvent.setup();
    inApp(<DeleteButton confirm="删除品牌“Sigma”？" onDelete={onDelete} />);

    await user.click(screen.getByRole('button', { name: DELETE }));
    const confirm = await bubble();
    await user.click(confirm.getByRole('button', { name: /^取\s?消$/ }));
    await new Promise((r) => setTimeout(r, 0));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByText('已删除')).toBeNull();
  });

  it('stays disabled with its reason on hover, and asks nothing', async () => {
    const onDelete = vi.fn(() => Promise.resolve(null));
    const user = userEvent.setup();
    inApp(
      <DeleteButton
        confirm="删除品牌“Sigma”？"
        disabled
        disabledReason="请先删除下级分类"
        onDelete={onDelete}
      />,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: DELETE });
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('请先删除下级分类');
    await user.click(button);
    expect(screen.queryByText('删除品牌“Sigma”？')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });
});

describe('PublishButton', () => {
  it('flips the published state and says which it did', async () => {
    const onToggle = vi.fn((_published: boolean) => Promise.resolve(null));
    const user = userEvent.setup();
    inApp(<PublishButton published onToggle={onToggle} />);

    await user.click(screen.getByRole('button', { name: '取消发布' }));
    expect(onToggle).toHaveBeenCalledWith(false);
    expect(await screen.findByText('已取消发布')).toBeTruthy();
  });
});
