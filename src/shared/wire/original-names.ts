import type { z } from 'zod';

/**
 * Fields the API still answers and takes under their original name (docs/decisions/032-true-names-at-the-edge.md).
 * A field is named by its zod schema: the true schemas (`ProductSchema`, `OrderSchema`, …) declare
 * the true names, and these maps say which of their fields also travel under an original one. The
 * server applies them to every route's body and answer by the route's own schema, so no service,
 * serializer or page knows the original names.
 */
export type OriginalNames = ReadonlyMap<z.core.$ZodType, string>;

type Def = z.core.$ZodTypeDef & {
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  valueType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
};

const defOf = (schema: z.core.$ZodType) => schema._zod.def as Def;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The original name of an object's field: the field's schema, or the one it makes optional or nullable, is in `names`. */
function originalNameOf(field: z.core.$ZodType, names: OriginalNames): string | undefined {
  for (let schema: z.core.$ZodType | undefined = field; schema; schema = defOf(schema).innerType) {
    const name = names.get(schema);
    if (name) return name;
  }
  return undefined;
}

/** The schemas a value of this one may hold, one level down (an object's fields aside). */
function childrenOf(def: Def): z.core.$ZodType[] {
  if (def.type === 'lazy' && def.getter) return [def.getter()];
  return [def.element, def.innerType, def.valueType, def.in, def.left, def.right, ...(def.options ?? [])].filter((s) => s !== undefined);
}

const mentions = new WeakMap<OriginalNames, WeakMap<z.core.$ZodType, boolean>>();

/** Whether any field under this schema has an original name: the walks below skip what has none. */
function hasOriginalNames(schema: z.core.$ZodType, names: OriginalNames): boolean {
  let known = mentions.get(names);
  if (!known) mentions.set(names, (known = new WeakMap()));
  const cached = known.get(schema);
  if (cached !== undefined) return cached;
  // A recursive schema meets itself again: assume yes until the walk knows.
  known.set(schema, true);
  const def = defOf(schema);
  const fields = Object.values(def.shape ?? {});
  const answer =
    fields.some((field) => originalNameOf(field, names) !== undefined || hasOriginalNames(field, names)) ||
    childrenOf(def).some((child) => hasOriginalNames(child, names));
  known.set(schema, answer);
  return answer;
}

/**
 * Walks a value by its schema and rewrites every object whose schema has a field with an original
 * name; `rename` makes the new object. Union options are all tried: one that does not fit the value
 * finds none of its fields in it.
 */
function walk(
  schema: z.core.$ZodType,
  value: unknown,
  names: OriginalNames,
  rename: (object: Record<string, unknown>, originals: [string, string][]) => Record<string, unknown>,
): unknown {
  if (value === null || value === undefined || !hasOriginalNames(schema, names)) return value;
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) {
    if (!isRecord(value)) return value;
    const shape = def.shape;
    const fields: Record<string, unknown> = {};
    const originals: [string, string][] = [];
    for (const [key, field] of Object.entries(value)) fields[key] = key in shape ? walk(shape[key]!, field, names, rename) : field;
    for (const [key, field] of Object.entries(shape)) {
      const original = originalNameOf(field, names);
      if (original) originals.push([key, original]);
    }
    return rename(fields, originals);
  }
  if (def.type === 'array' && def.element) return Array.isArray(value) ? value.map((item) => walk(def.element!, item, names, rename)) : value;
  if (def.type === 'record' && def.valueType) {
    return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(def.valueType!, item, names, rename)])) : value;
  }
  return childrenOf(def).reduce<unknown>((current, child) => walk(child, current, names, rename), value);
}

/** An answer as the API sends it: each field with an original name is there under both names, the original first. */
export function withOriginalNames(schema: z.core.$ZodType, value: unknown, names: OriginalNames): unknown {
  return walk(schema, value, names, (object, originals) => {
    const present = new Map(originals.filter(([key]) => object[key] !== undefined));
    if (present.size === 0) return object;
    const answer: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(object)) {
      const original = present.get(key);
      if (original) answer[original] = field;
      answer[key] = field;
    }
    return answer;
  });
}

/** A posted body in the true shape, whichever names it came with: a field given both ways keeps the true one. */
export function fromOriginalNames(schema: z.core.$ZodType, value: unknown, names: OriginalNames): unknown {
  return walk(schema, value, names, (object, originals) => {
    const posted = { ...object };
    for (const [key, original] of originals) {
      if (!(original in posted)) continue;
      if (posted[key] === undefined) posted[key] = posted[original];
      delete posted[original];
    }
    return posted;
  });
}
