import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_DELAY_MS } from './region-dropdown';
import { RegionPicker, type RegionPickerProps } from './region-picker';
import type { RegionItem, RegionValue, TownLoader } from './region-data';
import { layout, serveRegionFiles } from './test-support';

const TRIGGER = { top: 60, left: 10, width: 300, height: 40 };
const PANEL = { width: 360, height: 400 };
let triggerBox = TRIGGER;

beforeEach(() => {
  serveRegionFiles();
  triggerBox = TRIGGER;
  layout({ width: 1024, height: 768 }, (el) => {
    if (el.hasAttribute('data-trigger')) return triggerBox;
    if (el.hasAttribute('data-radix-popper-content-wrapper')) return { top: 0, left: 0, ...PANEL };
    return { top: 0, left: 0, width: 0, height: 0 };
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const towns: RegionItem[] = [
  { key: '130102001', value: '建北街道' },
  { key: '130102002', value: '青园街道' },
];

function Harness(props: RegionPickerProps & { initial?: RegionValue }) {
  const { initial, onChange, ...rest } = props;
  const [value, setValue] = useState<RegionValue>(initial ?? {});
  return (
    <>
      <RegionPicker
        {...rest}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
      <button type="button">outside</button>
    </>
  );
}

const trigger = () => screen.getByRole('button', { expanded: false });
const openTrigger = () => document.querySelector<HTMLButtonElement>('[data-trigger]')!;
const panel = () => screen.queryByRole('dialog');
// Text queries: role queries over hundreds of options are slow in jsdom.
const option = (name: string) => screen.findByText(name, { selector: '[role=option]' });

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(openTrigger());
  return screen.findByRole('dialog');
}

// The province list is a hundred-odd buttons; jsdom is slow on a busy machine.
describe('RegionPicker', { timeout: 20_000 }, () => {
  it('walks province → city → area → town, loading towns only for the chosen area', async () => {
    const user = userEvent.setup();
    const loader = vi.fn<TownLoader>(() => Promise.resolve(towns));
    const onComplete = vi.fn();
    render(<Harness town townLoader={loader} onComplete={onComplete} />);
    expect(trigger().textContent).toContain('请选择');

    await openPanel(user);
    expect(screen.getByRole('tab', { name: '省/直辖市' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: '市' }).hasAttribute('disabled')).toBe(true);
    await user.click(await option('河北省'));
    expect(screen.getByRole('tab', { name: '市' }).getAttribute('aria-selected')).toBe('true');
    await user.click(await option('石家庄市'));
    expect(loader).not.toHaveBeenCalled();
    await user.click(await option('长安区'));
    expect(loader).toHaveBeenCalledWith({ key: '130102', value: '长安区' });
    await user.click(await option('青园街道'));

    const expected = {
      province: { key: '130000', value: '河北省' },
      city: { key: '130100', value: '石家庄市' },
      area: { key: '130102', value: '长安区' },
      town: { key: '130102002', value: '青园街道' },
    };
    expect(onComplete).toHaveBeenCalledWith(expected);
    await waitFor(() => expect(panel()).toBeNull());
    expect(openTrigger().textContent).toContain('河北省 石家庄市 长安区 青园街道');
  });

  it('is complete after the area when the area has no towns', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness town townLoader={() => Promise.resolve([])} onComplete={onComplete} />);
    await openPanel(user);
    await user.click(await option('北京市'));
    await user.click(await option('北京市'));
    await user.click(await option('东城区'));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(onComplete.mock.calls[0]?.[0]).not.toHaveProperty('town');
    await waitFor(() => expect(panel()).toBeNull());
  });

  it('fetches the shipped town file with the default loader', async () => {
    const user = userEvent.setup();
    render(<Harness town />);
    await openPanel(user);
    await user.click(await option('北京市'));
    await user.click(await option('北京市'));
    await user.click(await option('东城区'));
    expect(await option('东华门街道')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/region/towns/110101.json');
  });

  it('clears the lower levels when a higher level is chosen again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Harness
        onChange={onChange}
        initial={{
          province: { key: '130000', value: '河北省' },
          city: { key: '130100', value: '石家庄市' },
          area: { key: '130102', value: '长安区' },
        }}
      />,
    );
    await openPanel(user);
    // A complete value reopens on its last level.
    expect(screen.getByRole('tab', { name: '区/县' }).getAttribute('aria-selected')).toBe('true');
    expect((await option('长安区')).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: '省/直辖市' }));
    await user.click(await option('山西省'));
    expect(onChange).toHaveBeenLastCalledWith({ province: { key: '140000', value: '山西省' } });
    expect(await option('太原市')).toBeTruthy();
    expect(openTrigger().textContent).toContain('山西省');
  });

  it('clear resets every level and returns to the province tab', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Harness
        onChange={onChange}
        initial={{
          province: { key: '110000', value: '北京市' },
          city: { key: '110000', value: '北京市' },
        }}
      />,
    );
    await openPanel(user);
    expect(screen.getByRole('tab', { name: '区/县' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('button', { name: '清除已选' }));
    expect(onChange).toHaveBeenLastCalledWith({});
    expect(screen.getByRole('tab', { name: '省/直辖市' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(openTrigger().textContent).toContain('请选择');
  });

  it('switches levels off: province only, or province and city', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    const { unmount } = render(<Harness city={false} onComplete={onComplete} />);
    await openPanel(user);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['省/直辖市']);
    await user.click(await option('上海市'));
    expect(onComplete).toHaveBeenCalledWith({ province: { key: '310000', value: '上海市' } });
    unmount();

    render(<Harness area={false} onComplete={onComplete} />);
    await openPanel(user);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['省/直辖市', '市']);
    await user.click(await option('广东省'));
    await user.click(await option('深圳市'));
    expect(onComplete).toHaveBeenLastCalledWith({
      province: { key: '440000', value: '广东省' },
      city: { key: '440300', value: '深圳市' },
    });
  });

  it('shows English labels', async () => {
    const user = userEvent.setup();
    render(<Harness language="en" />);
    expect(openTrigger().textContent).toContain('Please select');
    const dialog = await openPanel(user);
    expect(dialog.textContent).toContain('Region');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Province',
      'City',
      'Area',
    ]);
    expect(screen.getByRole('button', { name: 'Clear selection' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('does not open when disabled', async () => {
    const user = userEvent.setup();
    render(<Harness disabled />);
    expect(openTrigger().hasAttribute('disabled')).toBe(true);
    await user.click(openTrigger());
    expect(panel()).toBeNull();
  });

  it('opens on hover after 150 ms and closes after leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    render(<Harness trigger="hover" />);
    fireEvent.pointerEnter(openTrigger());
    act(() => {
      vi.advanceTimersByTime(HOVER_DELAY_MS - 1);
    });
    expect(panel()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(panel()).not.toBeNull();
    fireEvent.pointerLeave(openTrigger());
    fireEvent.pointerEnter(panel()!);
    act(() => {
      vi.advanceTimersByTime(HOVER_DELAY_MS * 2);
    });
    expect(panel()).not.toBeNull();
    fireEvent.pointerLeave(panel()!);
    act(() => {
      vi.advanceTimersByTime(HOVER_DELAY_MS);
    });
    expect(panel()).toBeNull();
  });

  it('opens from the context menu only in context-menu mode', async () => {
    const user = userEvent.setup();
    render(<Harness trigger="contextmenu" />);
    await user.click(openTrigger());
    expect(panel()).toBeNull();
    fireEvent.contextMenu(openTrigger());
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('closes on an outside click and with the done button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await openPanel(user);
    await user.click(screen.getByRole('button', { name: 'outside' }));
    await waitFor(() => expect(panel()).toBeNull());
    await openPanel(user);
    await user.click(screen.getByRole('button', { name: '完成' }));
    await waitFor(() => expect(panel()).toBeNull());
  });

  it('opens 5 px below the trigger with a list at most 300 px high', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = await openPanel(user);
    await waitFor(() => expect(dialog.getAttribute('data-side')).toBe('bottom'));
    const wrapper = dialog.parentElement!;
    await waitFor(() =>
      expect(wrapper.style.transform).toBe(
        `translate(${TRIGGER.left}px, ${TRIGGER.top + TRIGGER.height + 5}px)`,
      ),
    );
    expect(within(dialog).getByTestId('region-list').style.maxHeight).toBe('300px');
  });

  it('flips above the trigger when there is no room below', async () => {
    const user = userEvent.setup();
    triggerBox = { ...TRIGGER, top: 700 };
    render(<Harness />);
    const dialog = await openPanel(user);
    await waitFor(() => expect(dialog.getAttribute('data-side')).toBe('top'));
    await waitFor(() =>
      expect(dialog.parentElement!.style.transform).toBe(
        `translate(${TRIGGER.left}px, ${700 - 5 - PANEL.height}px)`,
      ),
    );
  });
});
