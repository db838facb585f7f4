import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDocumentMeta } from './use-document-meta';

const description = () =>
  document.querySelector<HTMLMetaElement>('meta[name=description]')?.content;

describe('useDocumentMeta', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="description" content="默认描述" />';
    document.title = '默认标题';
  });

  it('sets title and description and restores them on leave', () => {
    const { unmount } = renderHook(() => useDocumentMeta('苯甲酸', '苯甲酸标准品，纯度 99.5%'));
    expect(document.title).toBe('苯甲酸 - 一方标准品商城');
    expect(description()).toBe('苯甲酸标准品，纯度 99.5%');
    unmount();
    expect(document.title).toBe('默认标题');
    expect(description()).toBe('默认描述');
  });

  it('leaves the current values alone while data is missing', () => {
    renderHook(() => useDocumentMeta(undefined, ''));
    expect(document.title).toBe('默认标题');
    expect(description()).toBe('默认描述');
  });

  it('follows new values', () => {
    const { rerender } = renderHook(({ t, d }) => useDocumentMeta(t, d), {
      initialProps: { t: '甲醇', d: '甲醇摘要' },
    });
    rerender({ t: '乙醇', d: '乙醇摘要' });
    expect(document.title).toBe('乙醇 - 一方标准品商城');
    expect(description()).toBe('乙醇摘要');
  });
});
