import { URL_TEMPLATE_INFIX } from '../constants.js';
import type { UrlReference, UrlTemplate } from './types.js';

/** Replaces the first `{infix}` literally (a `$` in the infix is not a replacement pattern). */
export const fillTemplate = (template: string, placeholder: string, value: string): string =>
  template.replace(placeholder, () => value);

/**
 * Resolves a v1 file reference: a full `url` wins; with an `{infix}` template, the `urlInfix` or the
 * IPFS CID fills it; without one, a CID becomes an `ipfs://` address.
 */
export const resolveUrl = (
  ref: Omit<UrlReference, 'fullUrl'> | undefined,
  template?: UrlTemplate,
): UrlReference => {
  const result: UrlReference = { ...ref, fullUrl: null };
  if (typeof ref?.url === 'string') {
    result.fullUrl = ref.url;
    return result;
  }
  const urlTemplate = template?.urlTemplate;
  if (typeof urlTemplate !== 'string' || !urlTemplate.includes(URL_TEMPLATE_INFIX)) {
    if (typeof ref?.ipfsCid === 'string') result.fullUrl = `ipfs://${ref.ipfsCid}`;
  } else if (typeof ref?.urlInfix === 'string') {
    result.fullUrl = fillTemplate(urlTemplate, URL_TEMPLATE_INFIX, ref.urlInfix);
  } else if (typeof ref?.ipfsCid === 'string') {
    result.fullUrl = fillTemplate(urlTemplate, URL_TEMPLATE_INFIX, ref.ipfsCid);
  }
  return result;
};
