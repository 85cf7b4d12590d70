import { memo } from 'react';
import { author, footerSocialLinks, repositoryUrl } from '../config/build';
import type { FooterLink } from '../config/links';
import { BirdIcon, CameraIcon, CodeIcon, NetworkIcon } from './icons';

const ICON: Record<FooterLink['key'], () => React.JSX.Element> = {
  code: CodeIcon,
  professional: NetworkIcon,
  social: BirdIcon,
  photos: CameraIcon,
};

/** One compact line: the configured profile links, the source link and the copyright (spec §2), nothing made up. */
export const Footer = memo(function Footer() {
  return (
    <footer className="footer">
      {footerSocialLinks.length > 0 && (
        <ul className="footer__social">
          {footerSocialLinks.map(({ key, label, href }) => {
            const Icon = ICON[key];
            return (
              <li key={key}>
                <a href={href} target="_blank" rel="noreferrer noopener" aria-label={label} title={label}>
                  <Icon />
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {repositoryUrl && (
        <a className="footer__source" href={repositoryUrl} target="_blank" rel="noreferrer noopener">
          View Source Code
        </a>
      )}
      <p className="footer__copyright">Copyright 2023{author ? ` · Made by ${author}` : ''}</p>
    </footer>
  );
});
