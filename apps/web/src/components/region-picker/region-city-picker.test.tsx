import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cityPickerText, RegionCityPicker, type RegionCityPickerProps } from './region-city-picker';
import { layout, serveRegionFiles } from './test-support';

beforeEach(() => {
  serveRegionFiles();
  layout({ width: 1366, height: 768 }, (el) =>
    el.hasAttribute('data-trigger')
      ? { top: 60, left: 10, width: 300, height: 40 }
      : { top: 0, left: 0, width: 0, height: 0 },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness(props: RegionCityPickerProps) {
  const { onChange, ...rest } = props;
  const [keys, setKeys] = useState<string[]>(props.value ?? []);
  return (
    <RegionCityPicker
      {...rest}
      value={keys}
      onChange={(k, items) => {
        setKeys(k);
        onChange?.(k, items);
      }}
    />
  );
}

const trigger = () => document.querySelector<HTMLButtonElement>('[data-trigger]')!;
// Text queries: role queries over hundreds of options are slow in jsdom.
const option = (name: string) => screen.findByText(name, { selector: '[role=option]' });
const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('option')
    .map((o) => o.textContent);

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(trigger());
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog.querySelector('[role=option]')).not.toBeNull());
  return dialog;
}

// Every open panel renders about 390 city buttons, which jsdom lays out slowly.
describe('RegionCityPicker', { timeout: 20_000 }, () => {
  it('toggles several cities, grouped with 直辖市 first', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(trigger().textContent).toContain('请选择');
    const dialog = await open(user);
    expect(within(dialog).getAllByRole('listbox')[0]?.getAttribute('aria-label')).toBe('直辖市');

    await user.click(await option('上海市'));
    await user.click(await option('杭州市'));
    expect(onChange).toHaveBeenLastCalledWith(
      ['310000', '330100'],
      [
        { key: '310000', value: '上海市' },
        { key: '330100', value: '杭州市' },
      ],
    );
    expect((await option('杭州市')).getAttribute('aria-selected')).toBe('true');
    await user.click(await option('上海市'));
    expect(onChange).toHaveBeenLastCalledWith(['330100'], [{ key: '330100', value: '杭州市' }]);
    expect(trigger().textContent).toContain('杭州市');
    // Picking does not close the panel.
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });

  it('shows the first two names and how many others, unless overflow is allowed', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness value={['110000', '120000', '440100', '440300']} />);
    await waitFor(() => expect(trigger().textContent).toContain('北京市,天津市 等其余 2 个'));
    unmount();

    render(<Harness value={['110000', '120000', '440100']} overflow />);
    await waitFor(() => expect(trigger().textContent).toContain('北京市,天津市,广州市'));
    await open(user);
    expect((await option('广州市')).getAttribute('aria-selected')).toBe('true');

    expect(cityPickerText(['A', 'B', 'C'], { language: 'en', separator: ' / ' })).toBe(
      'A / B and 1 others',
    );
    expect(cityPickerText([], { language: 'en' })).toBe('Please select');
  });

  it('resets every chosen city', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness value={['110000', '440100']} onChange={onChange} />);
    await open(user);
    await user.click(screen.getByRole('button', { name: '清除已选' }));
    expect(onChange).toHaveBeenLastCalledWith([], []);
    expect(trigger().textContent).toContain('请选择');
    expect(screen.getByRole('button', { name: '清除已选' }).hasAttribute('disabled')).toBe(true);
  });

  it('searches with the trimmed text as a pattern', async () => {
    const user = userEvent.setup();
    const dialog = await (async () => {
      render(<Harness />);
      return open(user);
    })();
    const search = within(dialog).getByRole('searchbox');
    await user.type(search, '  ^广  ');
    await waitFor(() => expect(optionNames(dialog)).toContain('广州市'));
    const names = optionNames(dialog);
    expect(names.every((n) => n?.startsWith('广'))).toBe(true);
    expect(names).toContain('广元市');

    await user.clear(search);
    await user.type(search, '州市$');
    await waitFor(() => expect(optionNames(dialog)).toContain('杭州市'));
    expect(optionNames(dialog).every((n) => n?.endsWith('州市'))).toBe(true);

    await user.clear(search);
    // Not a valid pattern: matched as plain text.
    await user.type(search, '[[金');
    await waitFor(() => expect(dialog.textContent).toContain('无匹配项目'));
  });

  it('is 400 px wide at most, 340 px high at most, and focuses the search box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = await open(user);
    expect(dialog.style.width).toBe('400px');
    expect(dialog.style.maxWidth).toBe('calc(100vw - 16px)');
    expect(dialog.style.maxHeight).toBe('340px');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('searchbox')));
  });
});
