import type { Royalty } from '../schemas/royalty.js';

/** A value in several languages: `_` is the default, other keys are language codes. v1 also boxes numbers this way. */
export type LocalizedValue = { _: string | number; [language: string]: string | number };

/** Where an old-schema file lives; `fullUrl` is the resolved address (null when it cannot be resolved). */
export type UrlReference = {
  url?: string;
  urlInfix?: string;
  ipfsCid?: string;
  hash?: string;
  fullUrl: string | null;
};

export type UrlTemplate = { urlTemplate?: string };

/** One attribute of an old collection schema, with optional enum values per language. */
export type OldAttributeSchema = {
  name: LocalizedValue;
  type: string;
  isArray: boolean;
  optional: boolean;
  enumValues?: Record<number, LocalizedValue>;
};

/** Old-format (v0/v1) collection schema (spec §3 "Old-format (v0) decoding results"). */
export type OldCollectionSchema = {
  schemaName: 'unique';
  schemaVersion: string;
  schemaFamily: 'V0' | 'V1';
  coverPicture?: UrlReference;
  coverPicturePreview?: UrlReference;
  image?: UrlTemplate;
  imagePreview?: UrlTemplate;
  video?: UrlTemplate;
  audio?: UrlTemplate;
  spatialObject?: UrlTemplate;
  attributesSchemaVersion?: string;
  attributesSchema: Record<number, OldAttributeSchema>;
  royalties?: Royalty[];
  /** v0 only: the collection's `_old_*` properties. */
  oldProperties?: {
    _old_schemaVersion?: string;
    _old_offchainSchema?: string;
    _old_constOnChainSchema?: string;
    _old_variableOnChainSchema?: string;
  };
};

export type OldTokenAttribute = {
  name: LocalizedValue;
  type: string;
  value: LocalizedValue | LocalizedValue[] | unknown;
  isArray: boolean;
  isEnum: boolean;
  rawValue: unknown;
};

/** An old-format token, before conversion to the 2.0.0 form. */
export type OldToken = {
  name?: LocalizedValue;
  description?: LocalizedValue;
  image: UrlReference;
  imagePreview?: UrlReference;
  video?: UrlReference;
  audio?: UrlReference;
  spatialObject?: UrlReference;
  attributes: Record<number, OldTokenAttribute>;
};

export type ImageLinkOptions = {
  /** Template for IPFS images, `{infix}` replaced by the CID; default the Unique IPFS gateway. */
  imageUrlTemplate?: string;
  /** The picture shown where a v0 collection has no cover. */
  dummyImageUrl?: string;
};
