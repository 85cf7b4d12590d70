import * as z from 'zod/mini';

/** A chain event as the status answer carries it; `common.*` data uses positional keys `"0"`, `"1"`, … */
export const EventSchema = z.object({
  section: z.string(),
  method: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type Event = z.infer<typeof EventSchema>;

/** `{ [section]: { [Method]: data[] } }` */
export const GroupedEventsSchema = z.record(
  z.string(),
  z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
);
export type GroupedEvents = z.infer<typeof GroupedEventsSchema>;
