import { describe, expect, it } from 'vitest';
import { repositoryPage, safeUrl, socialLinks } from './links';

describe('footer links', () => {
  it('links only absolute http(s) URLs', () => {
    expect(safeUrl('https://example.org/a')).toBe('https://example.org/a');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('/relative')).toBeNull();
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
  });

  it('reads package.json repository fields as a page URL', () => {
    expect(repositoryPage('github:owner/snake')).toBe('https://github.com/owner/snake');
    expect(repositoryPage({ type: 'git', url: 'git+https://github.com/owner/snake.git' })).toBe(
      'https://github.com/owner/snake',
    );
    expect(repositoryPage({ url: 'git://gitlab.com/owner/snake.git' })).toBe(
      'https://gitlab.com/owner/snake',
    );
    expect(repositoryPage(undefined)).toBeNull();
    expect(repositoryPage({ url: 42 })).toBeNull();
  });

  it('shows the social links that are set, named after their site, and nothing for the rest', () => {
    const links = socialLinks({
      VITE_SOCIAL_CODE_URL: 'https://github.com/someone',
      VITE_SOCIAL_NETWORK_URL: 'https://x.com/someone',
      VITE_SOCIAL_PHOTOS_URL: 'not a url',
    });
    expect(links).toEqual([
      { key: 'code', label: 'GitHub', href: 'https://github.com/someone' },
      { key: 'social', label: 'X', href: 'https://x.com/someone' },
    ]);
    expect(socialLinks({})).toEqual([]);
  });
});
