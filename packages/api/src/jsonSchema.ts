import * as z from 'zod/mini';

/** A JSON Schema (draft 2020-12) object. */
export type JsonSchema = { [key: string]: unknown };

const REF_PREFIX = '#/components/schemas/';

/**
 * Converts zod schemas to JSON Schema for one document. Recursive schemas come out of zod with local `$defs`;
 * those are lifted into `components.schemas` under a unique name so every `$ref` resolves from the document root.
 */
export class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  private counter = 0;

  convert(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
      override: describeUnrepresentable,
    }) as JsonSchema;
    delete json.$schema;
    const defs = json.$defs as Record<string, JsonSchema> | undefined;
    if (!defs) return json;
    delete json.$defs;
    // Named shapes (`.meta({ id })`) keep their name (request forms get an `Input` suffix, since coercions and
    // defaults make them differ from answers); zod's anonymous `__schemaN` defs get a unique name.
    const renamed = new Map<string, string>();
    for (const name of Object.keys(defs)) {
      const target = name.startsWith('__schema')
        ? `Schema${++this.counter}`
        : io === 'input'
          ? `${name}Input`
          : name;
      renamed.set(name, target);
    }
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (node === null || typeof node !== 'object') return node;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        out[key] = key === '$ref' && typeof value === 'string' ? rewriteRef(value, renamed) : rewrite(value);
      }
      return out;
    };
    for (const [name, def] of Object.entries(defs)) {
      const target = renamed.get(name)!;
      this.components[target] ??= rewrite(def) as JsonSchema;
    }
    return rewrite(json) as JsonSchema;
  }

  /** Adds a named shared schema and returns a `$ref` to it. */
  named(name: string, schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
    if (!this.components[name]) this.components[name] = this.convert(schema, io);
    return { $ref: `${REF_PREFIX}${name}` };
  }
}

/** bigints and Dates travel as strings (decimal digits, ISO-8601); say so instead of an empty schema. */
function describeUnrepresentable(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const type = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
  if (type === 'bigint') Object.assign(ctx.jsonSchema, { type: 'string', pattern: '^-?\\d+$' });
  else if (type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
}

function rewriteRef(ref: string, renamed: Map<string, string>): string {
  const match = /^#\/\$defs\/(.+)$/.exec(ref);
  const target = match ? renamed.get(match[1]!) : undefined;
  return target ? `${REF_PREFIX}${target}` : ref;
}
