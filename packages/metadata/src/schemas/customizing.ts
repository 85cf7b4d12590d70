import * as z from 'zod';
import {
  CollectionIdOrAddressSchema,
  ImageDetailsSchema,
  ImageWithDetailsSchema,
  MediaDetailsSchema,
  MediaTypeSchema,
} from './common.js';

const PointSchema = z.object({ x: z.number(), y: z.number() });

/** Spec §3 "Image overlay specs"; every part optional. */
export const ImageOverlaySpecsSchema = z
  .object({
    layer: z.number(),
    order_in_layer: z.number(),
    offset: z.object({ x: z.number(), y: z.number() }).partial(),
    opacity: z.number(),
    rotation: z.number(),
    scale: z.object({
      x: z.number().optional(),
      y: z.number().optional(),
      unit: z.enum(['px', '%']).optional(),
    }),
    anchor_point: PointSchema,
    parent_anchor_point: PointSchema,
  })
  .partial();
export type ImageOverlaySpecs = z.output<typeof ImageOverlaySpecsSchema>;

export const MutatorReactionSchema = ImageOverlaySpecsSchema.extend({
  url: z.string(),
  details: ImageDetailsSchema,
}).partial();
export type MutatorReaction = z.output<typeof MutatorReactionSchema>;

export const CustomizingFileInfoSchema = z.object({
  type: MediaTypeSchema,
  url: z.string(),
  name: z.string().optional(),
  details: MediaDetailsSchema.optional(),
  image_overlay_specs: ImageOverlaySpecsSchema.optional(),
  placeholder: ImageWithDetailsSchema.optional(),
});
export type CustomizingFileInfo = z.output<typeof CustomizingFileInfoSchema>;

export const SlotSchema = z.object({
  type: MediaTypeSchema,
  collections: z.array(CollectionIdOrAddressSchema).optional(),
  name: z.string().optional(),
  image_overlay_specs: ImageOverlaySpecsSchema.optional(),
});
export type Slot = z.output<typeof SlotSchema>;

const SelfSchema = CustomizingFileInfoSchema.extend({ tag: z.string() });

/** Spec §3 "Customizing" of a token. */
export const CustomizingSchema = z.object({
  self: SelfSchema,
  slots: z.record(z.string(), SlotSchema).optional(),
  mutator_reactions: z.record(z.string(), MutatorReactionSchema).optional(),
  mutators: z.array(z.string()).optional(),
});
export type Customizing = z.output<typeof CustomizingSchema>;

/** The same as customizing with every part optional. */
export const CustomizingOverridesSchema = z.object({
  self: SelfSchema.partial().optional(),
  slots: z.record(z.string(), SlotSchema.partial()).optional(),
  mutator_reactions: z.record(z.string(), MutatorReactionSchema.partial()).optional(),
  mutators: z.array(z.string()).optional(),
});
export type CustomizingOverrides = z.output<typeof CustomizingOverridesSchema>;
