/**
 * The footer's links, set at build time (Vite env). Unset links are not shown: a link to a platform's home page is a
 * placeholder, not the author's profile. The source link defaults to the repository named in the root package.json.
 */
export interface FooterLink {
  readonly key: 'code' | 'professional' | 'social' | 'photos';
  readonly label: string;
  readonly href: string;
}

/** Only absolute http(s) URLs are linked; anything else in the env is ignored rather than rendered as a broken link. */
export function safeUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `repository` of package.json: a string ("github:owner/name", a URL) or `{ url }`; answered as a browsable URL. */
export function repositoryPage(field: unknown): string | null {
  const raw = typeof field === 'string' ? field : (field as { url?: unknown } | null)?.url;
  if (typeof raw !== 'string') return null;
  const short = /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (short) return `https://${short[1]}.${short[1] === 'bitbucket' ? 'org' : 'com'}/${short[2]}`;
  const cleaned = raw
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '');
  return safeUrl(cleaned);
}

export function socialLinks(env: Record<string, string | undefined>): FooterLink[] {
  const all: [FooterLink['key'], string, string | undefined][] = [
    ['code', 'Code hosting profile', env.VITE_SOCIAL_CODE_URL],
    ['professional', 'Professional network profile', env.VITE_SOCIAL_PROFESSIONAL_URL],
    ['social', 'Social network profile', env.VITE_SOCIAL_NETWORK_URL],
    ['photos', 'Photo network profile', env.VITE_SOCIAL_PHOTOS_URL],
  ];
  const links: FooterLink[] = [];
  for (const [key, fallbackLabel, value] of all) {
    const href = safeUrl(value);
    if (href) links.push({ key, label: labelFor(href) ?? fallbackLabel, href });
  }
  return links;
}

const HOSTS: Readonly<Record<string, string>> = {
  'github.com': 'GitHub',
  'gitlab.com': 'GitLab',
  'linkedin.com': 'LinkedIn',
  'x.com': 'X',
  'twitter.com': 'X',
  'instagram.com': 'Instagram',
  'mastodon.social': 'Mastodon',
};

function labelFor(href: string): string | null {
  const host = new URL(href).hostname.replace(/^www\./, '');
  return HOSTS[host] ?? null;
}
