import { DEFAULT_DUMMY_IMAGE_URL, DEFAULT_IMAGE_URL_TEMPLATE, URL_TEMPLATE_INFIX } from '../constants.js';
import { isPlainObject, parseJson } from '../old/localized.js';
import type { ImageLinkOptions, OldAttributeSchema, OldCollectionSchema } from '../old/types.js';
import { fillTemplate } from '../old/url.js';
import type { PropertyBag } from '../properties.js';
import { parseV0OnChainSchema, scalarAttributeType } from './onChainSchema.js';

/** v0's offchain schema is an image address template when it contains `{id}`. */
export const isImageTemplate = (offchainSchema: string | undefined): offchainSchema is string =>
  typeof offchainSchema === 'string' && offchainSchema.includes('{id}');

export const imageLinks = (options?: ImageLinkOptions): Required<ImageLinkOptions> => ({
  imageUrlTemplate:
    typeof options?.imageUrlTemplate === 'string' ? options.imageUrlTemplate : DEFAULT_IMAGE_URL_TEMPLATE,
  dummyImageUrl: typeof options?.dummyImageUrl === 'string' ? options.dummyImageUrl : DEFAULT_DUMMY_IMAGE_URL,
});

/** A v0 collection's schema from its `_old_*` properties. */
export const decodeV0CollectionSchema = (
  bag: PropertyBag,
  options?: ImageLinkOptions,
): OldCollectionSchema => {
  const { imageUrlTemplate, dummyImageUrl } = imageLinks(options);
  const offchainSchema = bag.text('_old_offchainSchema');
  const constOnChainSchema = bag.text('_old_constOnChainSchema');
  const schemaVersion = bag.text('_old_schemaVersion');
  const variableOnChainSchema = bag.text('_old_variableOnChainSchema');
  const template = isImageTemplate(offchainSchema);
  const schema: OldCollectionSchema = {
    schemaName: 'unique',
    schemaVersion: '0.0.1',
    schemaFamily: 'V0',
    coverPicture: { url: dummyImageUrl, fullUrl: null },
    image: {
      urlTemplate: template ? fillTemplate(offchainSchema, '{id}', URL_TEMPLATE_INFIX) : imageUrlTemplate,
    },
    attributesSchema: {},
    attributesSchemaVersion: '1.0.0',
    oldProperties: {
      _old_schemaVersion: schemaVersion,
      _old_offchainSchema: offchainSchema,
      _old_constOnChainSchema: constOnChainSchema,
      _old_variableOnChainSchema: variableOnChainSchema,
    },
  };
  const variable = parseJson(variableOnChainSchema);
  if (isPlainObject(variable) && typeof variable.collectionCover === 'string') {
    schema.coverPicture = {
      ipfsCid: variable.collectionCover,
      fullUrl: fillTemplate(imageUrlTemplate, URL_TEMPLATE_INFIX, variable.collectionCover),
    };
  } else if (template) {
    const cover = fillTemplate(offchainSchema, '{id}', '1');
    schema.coverPicture = { url: cover, fullUrl: cover };
  }
  if (constOnChainSchema !== undefined) {
    const { fields } = parseV0OnChainSchema(constOnChainSchema);
    fields.forEach((field, i) => {
      const attr: OldAttributeSchema = {
        type: field.enumValues ? 'string' : scalarAttributeType(field.scalar),
        name: { _: field.name },
        isArray: field.repeated,
        optional: !field.required,
      };
      if (field.enumValues && Object.keys(field.enumValues).length > 0) attr.enumValues = field.enumValues;
      schema.attributesSchema[i] = attr;
    });
  }
  return schema;
};
