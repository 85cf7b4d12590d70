import { bytesToHex, compactToBytes, concatBytes, isHex, u32ToLeBytes } from '@nftkit/primitives';
import type { SiLookupTypeId } from '@polkadot/types/interfaces';
import { expandMetadata } from '@polkadot/types/metadata';
import { stringCamelCase } from '@polkadot/util';
import type { Chain } from '../chain/chain.js';
import { RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import { devnetTypes } from '../runtime/metadata/pallets.js';
import { crossAccount } from '../runtime/wire.js';

/**
 * `System.Events` as a node stores it: the events of one block, SCALE-encoded per the devnet's metadata —
 * `Vec<EventRecord { phase: ApplyExtrinsic(index), event: RuntimeEvent, topics: [] }>` — from the rows the chain wrote
 * for that block. Events are history, so they are answered at any block the devnet has (as a node keeps a block's
 * events with its state); `@polkadot/api` reads them at the block a watched transaction went into.
 *
 * The rows keep each event's fields as the REST API shows them (text); here they are turned back into the metadata's
 * types. An event that cannot be (one the metadata does not describe, a field of the wrong shape) is a devnet bug,
 * answered as an internal error naming it rather than with bytes that would decode to something else.
 */

type FieldInfo = {
  name: string;
  type: SiLookupTypeId;
  path: string;
  bool: boolean;
  /** `Vec<u8>` kept as hex; `text` when it is a property key, which the devnet keeps as the text it is. */
  bytes: boolean;
  text: boolean;
};
type EventInfo = { pallet: number; index: number; fields: FieldInfo[] };

type Row = { extrinsic_idx: number; section: string; method: string; data: string };

/** How a field kept in a row becomes the metadata's value, where the generic reading below would get it wrong. */
const FIELD_ADAPTERS: Record<string, (data: Record<string, string>) => unknown> = {
  // The devnet keeps `Succeed` or `Revert: <reason>`; which success (stopped, returned) is not kept, and Frontier
  // reports a call that ran to its end as `Returned`.
  'ethereum.Executed.exit_reason': (d) =>
    d.exitReason?.startsWith('Revert') ? { Revert: 'Reverted' } : { Succeed: 'Returned' },
  // Frontier's extra data is a revert's output, which the devnet does not keep.
  'ethereum.Executed.extra_data': () => '0x',
};

let events: { key: string; bySection: Map<string, EventInfo> } | undefined;
function eventTable(): { key: string; bySection: Map<string, EventInfo> } {
  if (events) return events;
  const { registry, metadata } = devnetTypes();
  const bySection = new Map<string, EventInfo>();
  for (const pallet of metadata.asLatest.pallets) {
    if (pallet.events.isNone) continue;
    const section = stringCamelCase(pallet.name.toString());
    const def = registry.lookup.getSiType(pallet.events.unwrap().type).def;
    for (const v of def.asVariant.variants) {
      bySection.set(`${section}.${v.name.toString()}`, {
        pallet: pallet.index.toNumber(),
        index: v.index.toNumber(),
        fields: v.fields.map((f) => {
          const t = registry.lookup.getSiType(f.type);
          const seqOfU8 =
            t.def.isSequence && registry.lookup.getSiType(t.def.asSequence.type).def.asPrimitive?.isU8;
          return {
            name: f.name.unwrapOr('').toString(),
            type: f.type,
            path: t.path.map((p) => p.toString()).join('::'),
            bool: t.def.isPrimitive && t.def.asPrimitive.isBool,
            bytes: Boolean(seqOfU8),
            text: Boolean(seqOfU8) && f.typeName.unwrapOr('').toString() === 'PropertyKey',
          };
        }),
      });
    }
  }
  const { query } = expandMetadata(registry, metadata);
  const key = query.system?.events?.keyPrefix();
  if (!key) throw new Error("the devnet's metadata has no System.Events");
  events = { key: bytesToHex(key), bySection };
  return events;
}

/** `twox128("System") ‖ twox128("Events")`. */
export const eventsKey = (): string => eventTable().key;

/** A field's text (as the row keeps it) as the value `@polkadot/types` takes for its type. */
function fieldValue(f: FieldInfo, text: string): unknown {
  if (f.bool) return text === 'true';
  if (f.path.endsWith('CrossAccountIdRepr'))
    return text.startsWith('{') ? JSON.parse(text) : crossAccount.toScale(text);
  if (f.text) return bytesToHex(new TextEncoder().encode(text));
  if (f.bytes) {
    if (!isHex(text)) throw new Error(`${f.name} is not hex bytes`);
    return text;
  }
  if (text === 'null') return null;
  if (text.startsWith('{') || text.startsWith('[')) return JSON.parse(text);
  return text;
}

function encodeEvent(row: Row): Uint8Array {
  const { registry } = devnetTypes();
  const info = eventTable().bySection.get(`${row.section}.${row.method}`);
  if (!info) throw new Error(`the metadata describes no event ${row.section}.${row.method}`);
  const data = JSON.parse(row.data) as Record<string, string>;
  const fields = info.fields.map((f, i) => {
    const adapter = FIELD_ADAPTERS[`${row.section}.${row.method}.${f.name}`];
    let value: unknown;
    if (adapter) value = adapter(data);
    else {
      const text = data[f.name] ?? data[stringCamelCase(f.name)] ?? data[String(i)];
      if (text === undefined) throw new Error(`${row.section}.${row.method} has no field ${f.name}`);
      value = fieldValue(f, text);
    }
    return registry.createType(registry.createLookupType(f.type), value).toU8a();
  });
  return concatBytes(
    // Phase::ApplyExtrinsic(index)
    Uint8Array.of(0),
    u32ToLeBytes(row.extrinsic_idx),
    Uint8Array.of(info.pallet, info.index),
    ...fields,
    // No topics.
    Uint8Array.of(0),
  );
}

/** The `System.Events` value of each block, read from the chain's `events` rows; the last blocks' are kept. */
export class BlockEvents {
  readonly #rows;
  readonly #cache = new Map<number, string>();

  constructor(chain: Chain) {
    this.#rows = chain.storage.db.prepare<[number], Row>(
      'SELECT extrinsic_idx, section, method, data FROM events WHERE block_number = ? ORDER BY extrinsic_idx, event_idx',
    );
    // A revert or a reset (the test helpers) takes blocks away; the same numbers may then hold other events.
    chain.on('rewritten', () => this.#cache.clear());
  }

  /**
   * The SCALE `Vec<EventRecord>` of block `number` (hex); `null` for a block without events (a node kills the item at
   * each block's start and writes it only when an event is deposited).
   */
  at(number: number): string | null {
    const cached = this.#cache.get(number);
    if (cached !== undefined) return cached;
    const rows = this.#rows.all(number);
    if (rows.length === 0) return null;
    let encoded: Uint8Array;
    try {
      encoded = concatBytes(compactToBytes(rows.length), ...rows.map(encodeEvent));
    } catch (e) {
      throw new RpcError(
        RPC_ERROR.internal,
        `the devnet cannot encode the events of block #${number}: ${(e as Error).message}`,
      );
    }
    const hex = bytesToHex(encoded);
    if (this.#cache.size >= 64) this.#cache.delete(this.#cache.keys().next().value as number);
    this.#cache.set(number, hex);
    return hex;
  }
}
