import { describe, expect, it } from 'vitest';
import { activeNavId, type NavEntry } from './nav-active';

const entries: NavEntry[] = [
  { id: 0, to: '/' },
  { id: 1, to: '/products' },
  { id: 2, to: '/search?name=标准品' },
  { id: 3, to: '/literature' },
  { id: 4, to: '/about' },
];

describe('activeNavId', () => {
  it('highlights 首页 on the home page whatever was remembered', () => {
    expect(activeNavId('/', '', entries, 3)).toBe(0);
  });

  it('matches a category url against the percent-encoded location', () => {
    expect(activeNavId('/search', '?name=%E6%A0%87%E5%87%86%E5%93%81', entries, null)).toBe(2);
    expect(activeNavId('/search', '?name=标准品', entries, null)).toBe(2);
  });

  it('matches pages below a category path', () => {
    expect(activeNavId('/literature/12', '', entries, null)).toBe(3);
    expect(activeNavId('/products', '?tag=new', entries, null)).toBe(1);
    expect(activeNavId('/about', '', entries, 1)).toBe(4);
  });

  it('does not let a path prefix match a longer word', () => {
    expect(activeNavId('/aboutus', '', entries, null)).toBeNull();
  });

  it('falls back to the remembered entry, if it still exists', () => {
    expect(activeNavId('/search', '?name=%E8%8B%AF', entries, 2)).toBe(2);
    expect(activeNavId('/cart', '', entries, 99)).toBeNull();
    expect(activeNavId('/cart', '', entries, null)).toBeNull();
  });

  it('survives malformed escapes in the address', () => {
    expect(activeNavId('/search', '?name=%E6%A0', entries, null)).toBeNull();
  });
});
