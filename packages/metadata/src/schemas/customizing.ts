import * as z from 'zod/mini';
import {
  CollectionIdOrAddressSchema,
  ImageDetailsSchema,
  ImageWithDetailsSchema,
  MediaDetailsSchema,
  MediaTypeSchema,
} from './common.js';

const PointSchema = z.object({ x: z.number(), y: z.number() });

/** Spec §3 "Image overlay specs"; every part optional. */
export const ImageOverlaySpecsSchema = z.partial(
  z.object({
    layer: z.number(),
    order_in_layer: z.number(),
    offset: z.partial(z.object({ x: z.number(), y: z.number() })),
    opacity: z.number(),
    rotation: z.number(),
    scale: z.object({
      x: z.optional(z.number()),
      y: z.optional(z.number()),
      unit: z.optional(z.enum(['px', '%'])),
    }),
    anchor_point: PointSchema,
    parent_anchor_point: PointSchema,
  }),
);
export type ImageOverlaySpecs = z.output<typeof ImageOverlaySpecsSchema>;

export const MutatorReactionSchema = z.partial(
  z.extend(ImageOverlaySpecsSchema, {
    url: z.string(),
    details: ImageDetailsSchema,
  }),
);
export type MutatorReaction = z.output<typeof MutatorReactionSchema>;

export const CustomizingFileInfoSchema = z.object({
  type: MediaTypeSchema,
  url: z.string(),
  name: z.optional(z.string()),
  details: z.optional(MediaDetailsSchema),
  image_overlay_specs: z.optional(ImageOverlaySpecsSchema),
  placeholder: z.optional(ImageWithDetailsSchema),
});
export type CustomizingFileInfo = z.output<typeof CustomizingFileInfoSchema>;

export const SlotSchema = z.object({
  type: MediaTypeSchema,
  collections: z.optional(z.array(CollectionIdOrAddressSchema)),
  name: z.optional(z.string()),
  image_overlay_specs: z.optional(ImageOverlaySpecsSchema),
});
export type Slot = z.output<typeof SlotSchema>;

const SelfSchema = z.extend(CustomizingFileInfoSchema, { tag: z.string() });

/** Spec §3 "Customizing" of a token. */
export const CustomizingSchema = z.object({
  self: SelfSchema,
  slots: z.optional(z.record(z.string(), SlotSchema)),
  mutator_reactions: z.optional(z.record(z.string(), MutatorReactionSchema)),
  mutators: z.optional(z.array(z.string())),
});
export type Customizing = z.output<typeof CustomizingSchema>;

/** The same as customizing with every part optional. */
export const CustomizingOverridesSchema = z.object({
  self: z.optional(z.partial(SelfSchema)),
  slots: z.optional(z.record(z.string(), z.partial(SlotSchema))),
  mutator_reactions: z.optional(z.record(z.string(), z.partial(MutatorReactionSchema))),
  mutators: z.optional(z.array(z.string())),
});
export type CustomizingOverrides = z.output<typeof CustomizingOverridesSchema>;
