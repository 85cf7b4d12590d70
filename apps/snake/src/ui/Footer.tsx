import { memo } from 'react';
import { author, repositoryUrl } from '../app/config';
import { BirdIcon, CameraIcon, CodeIcon, NetworkIcon } from './icons';

const SOCIAL = [
  { label: 'Code hosting (GitHub)', href: 'https://github.com/', Icon: CodeIcon },
  { label: 'Professional network (LinkedIn)', href: 'https://www.linkedin.com/', Icon: NetworkIcon },
  { label: 'Social network (X)', href: 'https://x.com/', Icon: BirdIcon },
  { label: 'Social network (Instagram)', href: 'https://www.instagram.com/', Icon: CameraIcon },
] as const;

export const Footer = memo(function Footer() {
  return (
    <footer className="footer">
      <ul className="footer__social">
        {SOCIAL.map(({ label, href, Icon }) => (
          <li key={label}>
            <a href={href} target="_blank" rel="noreferrer noopener" aria-label={label} title={label}>
              <Icon />
            </a>
          </li>
        ))}
      </ul>
      <a className="footer__source" href={repositoryUrl} target="_blank" rel="noreferrer noopener">
        View Source Code
      </a>
      <p className="footer__copyright">Copyright 2023 · Made by {author}</p>
    </footer>
  );
});
